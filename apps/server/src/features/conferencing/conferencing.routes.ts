/**
 * Conference rooms (spec 2 §2, §3, §4, §5, §6, §7 "Conference", §9): /conferencing (the resource)
 * and the next free number. A room is dialled by its number, in the account's one numbering plan,
 * and is a destination ('conference:{number}') of numbers, menus, profiles...: deleting one that
 * something routes to is refused, naming each use. Its music counts as a use of that music.
 */
import { CONFERENCE_MESSAGES, CONFERENCE_NUMBER, type Conference, conferenceRoutes } from '@switchboard/domain';
import type { FastifyInstance } from 'fastify';
import { field, fieldMap, versionedFields, visibleTo } from '../../platform/fields.ts';
import { numberedResource } from '../../platform/numbered.ts';
import type { Platform } from '../../platform/platform.ts';
import { ownRow } from '../../platform/validators.ts';

/** '400 - Board room', or '400' for a room without a nickname. */
const ROOM_NAME =
  "conference_rooms.conf_number || case when conference_rooms.nickname = '' then '' else ' - ' || conference_rooms.nickname end";

const fields = fieldMap<Conference>('conference_rooms', {
  ...versionedFields,
  confNumber: field.number('conf_number', { sortable: true, searchable: true, createOnly: true }),
  nickname: field.text('nickname', { sortable: true, searchable: true }),
  pin: field.text('pin', { secret: visibleTo('conference', 'update') }),
  adminPin: field.text('admin_pin', { secret: visibleTo('conference', 'update') }),
  listenOnly: field.boolean('listen_only', { filterable: true }),
  waitForMarked: field.boolean('wait_for_marked', { filterable: true }),
  announceUsers: field.boolean('announce_users', { filterable: true }),
  moh: field.boolean('moh', { filterable: true }),
  mohClass: field.ref('moh_class_id', 'music_on_hold', { filterable: true }),
  maxParticipants: field.number('max_participants', { sortable: true }),
});

const roomLabel = (r: Conference) => (r.nickname === '' ? String(r.confNumber) : `${r.confNumber} - ${r.nickname}`);

export function registerConferenceRoutes(api: FastifyInstance, platform: Platform): void {
  numberedResource(api, platform, {
    area: 'conferencing',
    routes: conferenceRoutes,
    table: 'conference_rooms',
    permission: 'conference',
    fields,
    label: roomLabel,
    validate: [ownRow('mohClass', 'music_on_hold')],
    number: {
      field: 'confNumber',
      kind: 'conference',
      name: ROOM_NAME,
      unique: 'conference_rooms_number_uq',
      bounds: CONFERENCE_NUMBER,
      messages: CONFERENCE_MESSAGES,
    },
  });
}
