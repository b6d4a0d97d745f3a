/**
 * A parent's members tab (call groups, call queues, and the destination-member areas to come):
 * a line saying how the members are rung, then the members (any destination, shown by
 * `displayName`) in a nested table loaded at once, with Add, a row's Edit and Delete. Every change
 * is an update of the parent (its member count changes with it), through the area's member routes:
 * `members` (GET every member of the parent), `addMember` (POST to the parent), `updateMember`
 * (PUT the member, based on its version as listed) and `removeMembers` (DELETE by id).
 *
 *   <MembersTab parentId={q.id} routes={callQueueRoutes} keys={callQueueKeys} resource="queues"
 *     intro="Members with a lower penalty are offered calls first."
 *     columns={[{ field: 'penalty', header: 'Penalty', sortable: true }]}
 *     add={{ schema: queueMemberInput, defaults, fields }} edit={{ schema: queueMemberUpdate, fields, values }} />
 */
import Typography from '@mui/material/Typography';
import type { Resource, RouteContract } from '@switchboard/domain';
import type { FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import { ifMatch } from '../api.ts';
import { send } from '../client.ts';
import { type AddConfig, type Column, PagedTable, type RowEditConfig, rowEdit } from '../paged-table/paged-table.tsx';
import { allSource, childrenOf, type RecordOf, type ResourceKeys } from '../resource.ts';

/** The member routes of a parent resource (the `members` route answers every member at once). */
export interface MemberRoutes {
  members: RouteContract & {
    reply: z.ZodType<{ records: Array<{ id: number; version: number; displayName: string }> }>;
  };
  addMember: RouteContract;
  updateMember: RouteContract;
  removeMembers: RouteContract;
}
export type MemberOf<R extends MemberRoutes> = RecordOf<R['members']>;

/** A parent's members, under its record's key: a change to them refreshes the parent (its count). */
export const membersSource = <R extends MemberRoutes>(routes: R, keys: ResourceKeys, id: number) =>
  allSource(routes.members, childrenOf(keys, id, 'members'));

export interface MembersTabProps<
  R extends MemberRoutes,
  AV extends FieldValues,
  AO extends FieldValues,
  EV extends FieldValues,
  EO extends FieldValues,
> {
  parentId: number;
  routes: R;
  /** The parent resource's keys (the members are cached under its record). */
  keys: ResourceKeys;
  /** The parent's permission resource: a change to its members needs its update. */
  resource: Resource;
  /** How the members are rung, above the table. */
  intro: string;
  /** The columns after 'Member'. */
  columns: Column<MemberOf<R>>[];
  /** The Add Member modal: the member and its settings. */
  add: Pick<AddConfig<AV, AO>, 'schema' | 'defaults' | 'fields'>;
  /** The Edit Member modal: the member's settings (its id among them). */
  edit: Pick<RowEditConfig<MemberOf<R>, EV, EO>, 'schema' | 'fields' | 'values'>;
}

export function MembersTab<
  R extends MemberRoutes,
  AV extends FieldValues,
  AO extends FieldValues,
  EV extends FieldValues,
  EO extends FieldValues,
>({ parentId, routes, keys, resource, intro, columns, add, edit }: MembersTabProps<R, AV, AO, EV, EO>) {
  return (
    <>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {intro}
      </Typography>
      <PagedTable<MemberOf<R>, AV, AO>
        source={membersSource(routes, keys, parentId)}
        resource={resource}
        writeAction="update"
        nested
        tableKey="members"
        label={(m) => m.displayName}
        columns={[{ field: 'displayName', header: 'Member', sortable: true }, ...columns]}
        add={{
          ...add,
          title: 'Add Member',
          create: (body) => send(routes.addMember, { params: { id: parentId }, body }),
        }}
        editRow={rowEdit({
          ...edit,
          title: 'Edit Member',
          // Based on the member as the table listed it: changed since, the edit is refused.
          save: (m, body) => send(routes.updateMember, { body, headers: ifMatch(m.version) }),
        })}
        remove={(m) => send(routes.removeMembers, { body: { id: m.id } })}
      />
    </>
  );
}
