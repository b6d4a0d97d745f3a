/**
 * Pickup groups on the web (spec 2 §7 "Pickup groups"): the list, a group (renamed by PATCH
 * /pickupgroups/{id}/name), POST /pickupgroups, DELETE; the members (seats) listed, added by name
 * and removed; the seats a member is chosen from.
 */
import {
  type PickupGroup,
  type PickupGroupInput,
  type PickupMember,
  pickupGroupRoutes,
  pickupMembersInput,
  seatLabel,
  seatRoutes,
} from '@switchboard/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { ifMatch } from '../../platform/api.ts';
import { call } from '../../platform/client.ts';
import type { SelectOption } from '../../platform/fields/form-fields.tsx';
import { useMayLoadOptions } from '../../platform/fields/option-sources.ts';
import { localListSource } from '../../platform/local-list-source.ts';
import { resourceKeys } from '../../platform/query-keys.ts';
import { listSource, type RecordSource } from '../../platform/resource.ts';

const keys = resourceKeys('/pickupgroups');

export const pickupGroups = {
  keys,
  list: listSource(pickupGroupRoutes.list, { key: keys.lists(), invalidates: [keys.all] }),
  create: (body: PickupGroupInput) => call(pickupGroupRoutes.create, { body }),
  remove: (id: number) => call(pickupGroupRoutes.remove, { params: { id } }),
  /** The group, saved by its rename (the only field a group has to edit). */
  record: (id: string): RecordSource<PickupGroup, { name: string }> => ({
    key: keys.detail(id),
    load: () => call(pickupGroupRoutes.read, { params: { id: Number(id) } }),
    save: (body, version) =>
      call(pickupGroupRoutes.rename, {
        params: { id: Number(id) },
        body,
        headers: ifMatch(version),
      }),
    invalidates: [keys.all],
  }),
  /** The members, as a table's source (the server answers them all at once). */
  members: (id: number) =>
    localListSource<PickupMember>(
      [...keys.detail(id), 'members'],
      () => call(pickupGroupRoutes.members, { params: { id } }),
      { search: (m) => [m.extension, m.nickname], invalidates: [keys.all] },
    ),
  addMember: (id: number, name: string) =>
    call(pickupGroupRoutes.addMembers, { params: { id }, body: { names: [name] } }),
  removeMember: (memberId: number) => call(pickupGroupRoutes.removeMembers, { body: { id: memberId } }),
};

/** The add-member form: one seat, chosen by its name (the domain's rule for a member's name). */
export const memberChoice = z.object({ names: pickupMembersInput.shape.names.element });

const seatsQuery = queryOptions({
  // Under the seats' keys, so a seat added or renamed refreshes the choice.
  queryKey: ['/seat', 'list', 'pickup-options'],
  queryFn: () =>
    call(seatRoutes.pick, { params: { offset: -1, limit: -1 }, body: { fields: ['extension', 'name', 'nickname'] } }),
  staleTime: 30_000,
});

/** The account's seats as choices: '201 - Reception', valued by the seat's name. */
export function useSeatChoices(): { options: SelectOption[]; failed: boolean } {
  const query = useQuery({ ...seatsQuery, enabled: useMayLoadOptions('seats') });
  const options = (query.data?.records ?? []).map((s) => ({
    value: String(s.name),
    label: seatLabel({ extension: Number(s.extension), nickname: String(s.nickname ?? '') }),
  }));
  return { options, failed: query.isError };
}
