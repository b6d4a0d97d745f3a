/**
 * Call groups (spec 2 §2, §3, §5, §7 "Call groups", §9): /callgroup (the resource, /next, the bulk
 * range add) and its members (/callgroup/member): the account's seats that ring, on which days and
 * hours, after what delay.
 */
import {
  CALL_GROUP_MESSAGES,
  CALL_GROUP_NUMBER,
  type CallGroup,
  type CallGroupMember,
  type CallGroupRangeValues,
  callGroupFields,
  callGroupInput,
  callGroupRoutes,
  MEMBER_TYPES,
  MESSAGES,
} from '@switchboard/domain';
import type { FastifyInstance } from 'fastify';
import { childCount } from '../../platform/child-count.ts';
import { declaredFields } from '../../platform/declared-fields.ts';
import { field, fieldMap, versionedFields } from '../../platform/fields.ts';
import { destinationMembers } from '../../platform/members.ts';
import { numberedResource } from '../../platform/numbered.ts';
import type { Platform } from '../../platform/platform.ts';
import { ownRow } from '../../platform/validators.ts';

const fields = fieldMap<CallGroup>('call_groups', {
  ...versionedFields,
  ...declaredFields(callGroupFields),
  memberCount: childCount('call_group_members', 'group_id'),
});

const memberFields = fieldMap<CallGroupMember>('call_group_members', {
  ...versionedFields,
  groupId: field.number('group_id'),
  name: field.text('member', { sortable: true, uses: { kind: 'destination' } }),
  displayName: field.computed('call_group_members.member', 'text'),
  days: field.json('days'),
  start: field.text('start_time'),
  end: field.text('end_time'),
  penalty: field.number('penalty', { sortable: true }),
});

/** The lists' field maps (their sortable and filterable columns are indexed). */
export const callGroupLists = [fields, memberFields];

export function registerCallGroupRoutes(api: FastifyInstance, platform: Platform): void {
  const groups = numberedResource(api, platform, {
    area: 'call-groups',
    routes: callGroupRoutes,
    table: 'call_groups',
    permission: 'callGroups',
    fields,
    validate: [ownRow('musicOnHold', 'music_on_hold')],
    number: {
      field: 'groupNo',
      kind: 'callgroup',
      title: 'customName',
      unique: 'call_groups_number_uq',
      routesTo: { fields: ['falloverLocation'], self: 'A call group cannot fall over to itself' },
      bounds: CALL_GROUP_NUMBER,
      messages: CALL_GROUP_MESSAGES,
      range: { values: (range: CallGroupRangeValues) => callGroupInput.parse({ customName: range.customName }) },
    },
  });

  destinationMembers(api, platform, {
    parent: groups,
    table: 'call_group_members',
    parentColumn: 'group_id',
    fields: memberFields,
    defaultSort: { field: 'penalty', direction: 'asc' },
    member: 'name',
    display: 'displayName',
    unique: 'call_group_members_uq',
    twice: CALL_GROUP_MESSAGES.memberTwice,
    types: MEMBER_TYPES,
    notType: MESSAGES.memberSeat,
    routes: callGroupRoutes,
  });
}
