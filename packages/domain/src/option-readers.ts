/**
 * Who may load an option list — the choices a form of one area picks from another area's records:
 * readers of any of these resources (admin and VHAdmin stand in, as in `can`). The server guards
 * the list's route with it and the panel loads the list only when the session passes it, so a
 * page never asks for a list its user may not read (a 403 and a console error).
 */
import type { Resource } from './permissions.ts';

export const OPTION_READERS = {
  /**
   * Prompts: the areas whose forms pick one (spec 2 §3: access list promptId, seat
   * vmAdvancedPromptId, time profile in/outPromptId, IVR greetingId, NTS answerPromptId, queue
   * sounds), plus the prompts area itself.
   */
  prompts: ['prompts', 'acl', 'seats', 'timeprofile', 'IVR', 'externalExt', 'queues'],
  /** Music on hold: seats, call groups, queues and conference rooms pick one, plus the area itself. */
  music: ['musicOnHold', 'seats', 'callGroups', 'queues', 'conference'],
  /** The account's numbers as caller ID: seats, SIP trunks, dial-through and the numbers area. */
  callerIds: ['seats', 'SIPTrunks', 'numbers', 'dialThrough'],
  /** Access lists (number screening, a seat's outbound list): the access lists' own list. */
  accessLists: ['acl'],
  /** Outbound CLI lists (a seat's softphone): the lists' own list. */
  outboundClis: ['outboundCLILists'],
  /** Seats as choices (pickup group members): the seats' own list. */
  seats: ['seats'],
} as const satisfies Record<string, readonly Resource[]>;

export type OptionList = keyof typeof OPTION_READERS;

/** Whether `can` (the session's rule) lets its user load the option list `list`. */
export function mayLoadOptions(can: (resource: Resource, action: 'read') => boolean, list: OptionList): boolean {
  return OPTION_READERS[list].some((resource) => can(resource, 'read'));
}
