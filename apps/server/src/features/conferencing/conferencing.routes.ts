/**
 * Conference rooms (spec 2 §2, §3, §4, §5, §6, §7 "Conference", §9): /conferencing (the resource)
 * and the next free number. A room is dialled by its number, in the account's one numbering plan,
 * and is a destination ('conference:{number}') of numbers, menus, profiles...: deleting one that
 * something routes to is refused, naming each use. Its music counts as a use of that music.
 */
import {
  CONFERENCE_MESSAGES,
  CONFERENCE_NUMBER,
  type Conference,
  conferenceFields,
  conferenceRoutes,
} from '@switchboard/domain';
import type { FastifyInstance } from 'fastify';
import { declaredFields } from '../../platform/declared-fields.ts';
import { field, fieldMap, versionedFields, visibleTo } from '../../platform/fields.ts';
import { numberedResource } from '../../platform/numbered.ts';
import type { Platform } from '../../platform/platform.ts';
import { ownRow } from '../../platform/validators.ts';

/** '400 - Board room', or '400' for a room without a nickname. */
const ROOM_NAME =
  "conference_rooms.conf_number || case when conference_rooms.nickname = '' then '' else ' - ' || conference_rooms.nickname end";

/** The list's field map (its sortable and filterable columns are indexed). */
export const conferenceListFields = fieldMap<Conference>('conference_rooms', {
  ...versionedFields,
  ...declaredFields(conferenceFields),
  // Read back only by those who may update rooms.
  pin: field.text('pin', { secret: visibleTo('conference', 'update') }),
  adminPin: field.text('admin_pin', { secret: visibleTo('conference', 'update') }),
});

const roomLabel = (r: Conference) => (r.nickname === '' ? String(r.confNumber) : `${r.confNumber} - ${r.nickname}`);

export function registerConferenceRoutes(api: FastifyInstance, platform: Platform): void {
  numberedResource(api, platform, {
    area: 'conferencing',
    routes: conferenceRoutes,
    table: 'conference_rooms',
    permission: 'conference',
    fields: conferenceListFields,
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
