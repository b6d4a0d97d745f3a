/** Conference rooms on the web: the resource at /conferencing and the fields its pages share. */
import {
  CONFERENCE_ACCESS_NUMBER,
  CONFERENCE_MAX_PARTICIPANTS,
  type ConferenceInput,
  conferenceFields,
  conferenceRoutes,
} from '@switchboard/domain';
import { formFields, labelOf } from '../../platform/fields/declared-fields.ts';
import type { FieldDef } from '../../platform/fields/form-fields.tsx';
import { type SelectSource, selectFrom } from '../../platform/fields/option-sources.ts';
import { resourceApi } from '../../platform/resource.ts';

export { useMusicSelect } from '../../platform/fields/option-sources.ts';

export const conferences = resourceApi('/conferencing', conferenceRoutes);
export const conferenceKeys = conferences.keys;

/** What the page says of rooms (spec 2 §4, §9). */
export const CONFERENCE_INTRO = `Participants on your network dial ${CONFERENCE_ACCESS_NUMBER} and enter the room number; a room holds up to ${CONFERENCE_MAX_PARTICIPANTS} participants.`;

/** The fields of a room but its number (fixed once created). */
export function roomFields(music: SelectSource): FieldDef<ConferenceInput>[] {
  return formFields<ConferenceInput>(conferenceFields, [
    'nickname',
    'pin',
    'adminPin',
    'maxParticipants',
    'listenOnly',
    'waitForMarked',
    'announceUsers',
    'moh',
    selectFrom<ConferenceInput>(music, 'mohClass', labelOf(conferenceFields, 'mohClass'), 'Provider default'),
  ]);
}

export const roomName = (r: { confNumber: number; nickname: string }) =>
  r.nickname === '' ? String(r.confNumber) : `${r.confNumber} - ${r.nickname}`;
