/** Control-panel users on the web: the resource at /users, its grants, and the fields the pages share. */
import { userFields as declared, type GrantsBody, type UserInput, userRoutes } from '@switchboard/domain';
import { ifMatch } from '../../platform/api.ts';
import { call } from '../../platform/client.ts';
import { formFields } from '../../platform/fields/declared-fields.ts';
import type { FieldDef } from '../../platform/fields/form-fields.tsx';
import { resourceApi } from '../../platform/resource.ts';

export const users = resourceApi('/users', userRoutes);
export const userKeys = users.keys;

export const grantsKey = (id: number) => [...userKeys.detail(id), 'permissions'] as const;
export const readGrants = (id: number) => call(userRoutes.permissions, { params: { id } });
export const saveGrants = (id: number, version: number, body: GrantsBody) =>
  call(userRoutes.savePermissions, { params: { id }, body, headers: ifMatch(version) });

export const userFields: FieldDef<UserInput>[] = formFields(declared, ['name', 'surname', 'email', 'enabled']);
