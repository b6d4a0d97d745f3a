/**
 * Voicemail's calls: the mailboxes, a mailbox's messages, one message, its audio's URL, opening
 * (new → old), deleting; a mailbox's settings and greetings.
 */
import {
  fillPath,
  type GreetingType,
  voicemailRoutes as routes,
  type VoicemailFolder,
  type VoicemailSettingsInput,
} from '@switchboard/domain';
import { queryOptions } from '@tanstack/react-query';
import { API_BASE, ifMatch } from '../../platform/api.ts';
import { call, upload } from '../../platform/client.ts';

export const voicemailKeys = {
  all: ['voicemail'] as const,
  mailboxes: () => [...voicemailKeys.all, 'mailboxes'] as const,
  messages: (mailbox: string) => [...voicemailKeys.all, 'messages', mailbox] as const,
  message: (mailbox: string, id: number) => [...voicemailKeys.messages(mailbox), id] as const,
  settings: (mailbox: string) => [...voicemailKeys.all, 'settings', mailbox] as const,
  greetings: (mailbox: string) => [...voicemailKeys.all, 'greetings', mailbox] as const,
};

export const voicemail = {
  mailboxes: () =>
    queryOptions({ queryKey: voicemailKeys.mailboxes(), queryFn: () => call(routes.mailboxes), staleTime: 0 }),
  messages: (mailbox: string, folder?: VoicemailFolder) =>
    queryOptions({
      queryKey: [...voicemailKeys.messages(mailbox), folder ?? 'all'],
      queryFn: () => call(routes.list, { body: { mailbox, ...(folder ? { folder } : {}) } }),
      staleTime: 0,
    }),
  message: (mailbox: string, id: number) =>
    queryOptions({
      queryKey: voicemailKeys.message(mailbox, id),
      queryFn: () => call(routes.message, { params: { mailbox, id } }),
      retry: false,
    }),
  /** The message's audio (streamed, Range answered); `download` as a file. */
  audioUrl: (mailbox: string, id: number, download = false) =>
    `${API_BASE}${fillPath(routes.audio.path, { mailbox, id })}${download ? '?download=1' : ''}`,
  markOld: (mailbox: string, id: number) => call(routes.markOld, { params: { mailbox, id } }),
  remove: (mailbox: string, ids: number[]) => call(routes.remove, { body: { mailbox, ids } }),
  settings: (mailbox: string) =>
    queryOptions({
      queryKey: voicemailKeys.settings(mailbox),
      queryFn: () => call(routes.settings, { params: { mailbox } }),
      retry: false,
    }),
  saveSettings: (mailbox: string, body: VoicemailSettingsInput, version: number) =>
    call(routes.saveSettings, { params: { mailbox }, body, headers: ifMatch(version) }),
  greetings: (mailbox: string) =>
    queryOptions({
      queryKey: voicemailKeys.greetings(mailbox),
      queryFn: () => call(routes.greetings, { params: { mailbox } }),
    }),
  greetingUrl: (mailbox: string, type: GreetingType, stamp: string | null) =>
    `${API_BASE}${fillPath(routes.greetingAudio.path, { mailbox, type })}${stamp ? `?v=${encodeURIComponent(stamp)}` : ''}`,
  uploadGreeting: (mailbox: string, form: FormData) => upload(routes.uploadGreeting, { mailbox }, form),
  removeGreeting: (mailbox: string, type: GreetingType) => call(routes.removeGreeting, { params: { mailbox, type } }),
};
