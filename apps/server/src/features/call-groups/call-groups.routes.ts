/**
 * Call groups (spec 2 §2, §3, §5, §7 "Call groups", §9): /callgroup (the resource, /next, the bulk
 * range add) and its members (/callgroup/member): the account's seats and other destinations that
 * ring, on which days and hours, after what delay.
 */
import {
  CALL_GROUP_MESSAGES,
  CALL_GROUP_NUMBER,
  type CallGroup,
  type CallGroupMember,
  type CallGroupRangeValues,
  type callGroupCreate,
  callGroupInput,
  callGroupRoutes,
} from '@switchboard/domain';
import type { FastifyInstance } from 'fastify';
import { children, destinationNames } from '../../platform/children.ts';
import { field, fieldMap } from '../../platform/fields.ts';
import { numbered, numberFree } from '../../platform/numbered.ts';
import type { Platform } from '../../platform/platform.ts';
import { resource } from '../../platform/resources.ts';
import { destination, ownRow } from '../../platform/validators.ts';

const SELF_MEMBER = 'A call group cannot be its own member';
const GROUP_NAME = "call_groups.group_no || ' - ' || call_groups.custom_name";

const fields = fieldMap<CallGroup>('call_groups', {
  id: field.id(),
  version: field.version(),
  groupNo: field.number('group_no', { sortable: true, searchable: true, createOnly: true }),
  customName: field.text('custom_name', { sortable: true, searchable: true }),
  cidPrefix: field.text('cid_prefix', { sortable: true, searchable: true }),
  musicOnHold: field.ref('music_on_hold_id', 'music_on_hold'),
  falloverLocation: field.text('fallover_location', { sortable: true, uses: { kind: 'destination' } }),
  answerElsewhere: field.boolean('answer_elsewhere', { filterable: true }),
  ignoreCfwd: field.boolean('ignore_cfwd', { filterable: true }),
  ringType: field.number('ring_type', { sortable: true, filterable: true }),
  ringTime: field.number('ring_time', { sortable: true, filterable: true }),
  memberCount: field.computed(
    '(select count(*)::int from call_group_members m where m.group_id = call_groups.id)',
    'number',
    { sortable: true },
  ),
});

export function registerCallGroupRoutes(api: FastifyInstance, platform: Platform): void {
  const groups = resource(api, platform, {
    area: 'call-groups',
    routes: callGroupRoutes,
    table: 'call_groups',
    permission: 'callGroups',
    fields,
    defaultSort: { field: 'groupNo', direction: 'asc' },
    label: (g) => g.customName,
    usage: { type: 'Call Group', name: GROUP_NAME, link: `'/call-groups/' || call_groups.id` },
    destination: {
      type: 'callgroup',
      key: (g) => String(g.groupNo),
      source: { key: 'call_groups.group_no', numericKey: true, label: GROUP_NAME },
    },
    validateCreate: [numberFree('groupNo', CALL_GROUP_MESSAGES.inUse)],
    validate: [
      ownRow('musicOnHold', 'music_on_hold'),
      destination(['falloverLocation'], {
        type: 'callgroup',
        key: (current, values) => (current?.groupNo ?? values.groupNo) as number,
        message: 'A call group cannot fall over to itself',
      }),
    ],
    uniqueViolations: {
      call_groups_number_uq: { field: 'groupNo', message: CALL_GROUP_MESSAGES.inUse },
      dial_plan_pkey: { field: 'groupNo', message: CALL_GROUP_MESSAGES.inUse },
    },
  });

  numbered<CallGroup, typeof callGroupCreate, CallGroupRangeValues>(api, platform, {
    resource: groups,
    field: 'groupNo',
    kind: 'callgroup',
    bounds: () => CALL_GROUP_NUMBER,
    messages: CALL_GROUP_MESSAGES,
    next: callGroupRoutes.next,
    range: {
      route: callGroupRoutes.range,
      values: (range, groupNo) => ({ ...callGroupInput.parse({ customName: range.customName }), groupNo }),
      label: (g) => `${g.groupNo} - ${g.customName}`,
    },
  });

  const memberFields = fieldMap<CallGroupMember>('call_group_members', {
    id: field.id(),
    groupId: field.number('group_id'),
    name: field.text('member', { sortable: true, uses: { kind: 'destination' } }),
    displayName: field.computed('call_group_members.member', 'text'),
    days: field.json('days'),
    start: field.text('start_time'),
    end: field.text('end_time'),
    penalty: field.number('penalty', { sortable: true }),
  });

  children(api, platform, {
    parent: groups,
    table: 'call_group_members',
    parentColumn: 'group_id',
    fields: memberFields,
    defaultSort: { field: 'penalty', direction: 'asc' },
    label: (m) => m.displayName,
    kind: 'member',
    usage: {
      type: 'Call Group',
      name: `(select ${GROUP_NAME.replaceAll('call_groups.', 'g.')} from call_groups g where g.id = call_group_members.group_id)`,
      link: `'/call-groups/' || call_group_members.group_id`,
    },
    routes: {
      all: callGroupRoutes.members,
      add: callGroupRoutes.addMember,
      update: callGroupRoutes.updateMember,
      removeMany: callGroupRoutes.removeMembers,
    },
    validate: [
      // A member is a destination of the account, never the group itself.
      async (w) => {
        const group = await w.db
          .selectFrom('call_groups')
          .select('group_no')
          .where('id', '=', Number(w.values.groupId))
          .executeTakeFirst();
        if (!group) return undefined;
        return destination(['name'], { type: 'callgroup', key: () => group.group_no, message: SELF_MEMBER })(w);
      },
    ],
    uniqueViolations: { call_group_members_uq: { field: 'name', message: CALL_GROUP_MESSAGES.memberTwice } },
    decorate: destinationNames(platform, 'name', 'displayName'),
  });
}
