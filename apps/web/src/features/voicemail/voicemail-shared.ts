/** What voicemail's pages share: a message's caller and length as shown, and filing a message as old. */
import type { VoicemailMessage } from '@switchboard/domain';
import { useChange } from '../../platform/mutation.ts';
import { useSession } from '../../platform/session-context.ts';
import { voicemail, voicemailKeys } from './api.ts';

export const callerOf = (m: VoicemailMessage) =>
  [m.callerIdName, m.callerIdNumber].filter(Boolean).join(' · ') || 'Unknown caller';
export const lengthOf = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

/** Opening or playing a new message files it as old (once), when the user may change the mailbox: a read-only user's listening changes nothing. */
export function useMarkOld(mailbox: string) {
  const mayMark = useSession().can('voicemail', 'update');
  return useChange({
    mutationFn: (m: VoicemailMessage) =>
      m.folder === 'new' && mayMark ? voicemail.markOld(mailbox, m.id) : Promise.resolve(m),
    invalidates: [voicemailKeys.all],
  });
}
