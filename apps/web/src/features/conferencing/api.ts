/** Conference rooms on the web: the resource at /conferencing and the fields its pages share. */
import {
  CONFERENCE_ACCESS_NUMBER,
  CONFERENCE_MAX_PARTICIPANTS,
  type ConferenceInput,
  conferenceRoutes,
} from '@switchboard/domain';
import type { FieldDef } from '../../platform/fields/form-fields.tsx';
import { type SelectSource, selectFrom } from '../../platform/fields/option-sources.ts';
import { resourceApi } from '../../platform/resource.ts';

export { useMusicSelect } from '../../platform/fields/option-sources.ts';

export const conferences = resourceApi('/conferencing', conferenceRoutes);
export const conferenceKeys = conferences.keys;

/** What the page says of rooms (spec 2 §4, §9). */
export const CONFERENCE_INTRO = `Participants on your network dial ${CONFERENCE_ACCESS_NUMBER} and enter the room number; a room holds up to ${CONFERENCE_MAX_PARTICIPANTS} participants.`;

/** The fields of a room but its number (fixed once created). */
export function conferenceFields(music: SelectSource): FieldDef<ConferenceInput>[] {
  return [
    { kind: 'text', name: 'nickname', label: 'Nickname' },
    { kind: 'text', name: 'pin', label: 'PIN', required: true, helper: '4-6 digits, asked of every participant' },
    {
      kind: 'text',
      name: 'adminPin',
      label: 'Admin PIN',
      required: true,
      helper: '4-6 digits, different from the PIN: joins as the marked (admin) user',
    },
    {
      kind: 'text',
      name: 'maxParticipants',
      label: 'Maximum Participants',
      type: 'number',
      required: true,
      helper: `Up to ${CONFERENCE_MAX_PARTICIPANTS}`,
    },
    { kind: 'switch', name: 'listenOnly', label: 'Listen Only' },
    { kind: 'switch', name: 'waitForMarked', label: 'Wait For Marked User' },
    { kind: 'switch', name: 'announceUsers', label: 'Announce Users' },
    { kind: 'switch', name: 'moh', label: 'Music On Hold' },
    selectFrom(music, 'mohClass', 'Music', 'Provider default'),
  ];
}

export const roomName = (r: { confNumber: number; nickname: string }) =>
  r.nickname === '' ? String(r.confNumber) : `${r.confNumber} - ${r.nickname}`;
