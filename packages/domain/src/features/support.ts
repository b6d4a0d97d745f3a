/**
 * The support page (spec 3 §2 /support, §6, §9): the provider's contact e-mail, live chat (shown
 * for account 10000 or a top-level account only; open 09:00-17:30 UK time), phone (24/7), postal
 * address and help videos — all from the provider's settings, which a provider admin edits (a
 * versioned form). Provider admins and retail users only.
 */
import { z } from 'zod';
import { route } from '../contract.ts';
import { declareFields, field } from '../field-declarations.ts';
import { email, optionalText, requiredText } from '../fields.ts';
import { londonClock } from '../london-clock.ts';
import { saveReply } from '../paging.ts';
import { hasExactly, isProviderAdmin, type PermissionHolder } from '../permissions.ts';

/** Spec 3 §9: live chat 09:00-17:30 UK time (minutes of the day), phone 24/7. */
export const LIVE_CHAT_OPENS = 9 * 60;
export const LIVE_CHAT_CLOSES = 17 * 60 + 30;
export const LIVE_CHAT_HOURS = '09:00 - 17:30 (UK time)';
export const PHONE_HOURS = '24 hours a day, 7 days a week';
/** Spec 3 §6: the live chat button's account (besides top-level accounts). */
export const LIVE_CHAT_ACCOUNT = 10000;

export const SUPPORT_MESSAGES = {
  // Ours: the spec names the rules, not these words.
  liveChatClosed: 'Live chat is closed. It opens at 09:00 UK time.',
  liveChatOpensToday: 'Live chat is closed. It opens today at 09:00 UK time.',
  liveChatOpensTomorrow: 'Live chat is closed. It opens tomorrow at 09:00 UK time.',
  videoId: 'Help videos are YouTube video ids (11 letters, digits, - or _) separated by commas',
  liveChatUrl: 'The live chat address must start with https://',
  saved: 'Support settings saved',
  videosAsLinks: 'Each video opens on YouTube in a new tab.',
} as const;

/** Spec 3 §6: the support page is for provider admins and retail users. */
export function canSeeSupport(holder: PermissionHolder): boolean {
  return isProviderAdmin(holder) || hasExactly(holder, 'retail', 'read');
}

/** Spec 3 §6: the live chat button only for account 10000 or a top-level account (parent 0). */
export function liveChatShown(account: { accountNo: number; parent: number }): boolean {
  return account.accountNo === LIVE_CHAT_ACCOUNT || account.parent === 0;
}

/** Whether live chat is open at `now` (09:00 to 17:30 UK time), and if not, when it opens. */
export function liveChatState(now: Date): { open: true } | { open: false; message: string } {
  const { minutes } = londonClock(now);
  if (minutes >= LIVE_CHAT_OPENS && minutes < LIVE_CHAT_CLOSES) return { open: true };
  return {
    open: false,
    message: minutes < LIVE_CHAT_OPENS ? SUPPORT_MESSAGES.liveChatOpensToday : SUPPORT_MESSAGES.liveChatOpensTomorrow,
  };
}

const VIDEO_IDS = /^[A-Za-z0-9_-]{11}(?:\s*,\s*[A-Za-z0-9_-]{11})*$/;

/** The ids of a settings' help videos text ('id1, id2'). */
export function helpVideoIds(text: string): string[] {
  return text
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

/** The provider's support settings: one field declaration (domain, server columns, web form). */
export const supportSettingsFields = declareFields({
  email: field(email(100), { label: 'Support E-mail', inputType: 'email' }),
  phone: field(requiredText({ max: 30 }), { label: 'Support Phone', inputType: 'tel' }),
  postalAddress: field(requiredText({ max: 300 }), {
    label: 'Postal Address',
    helper: 'Its lines separated by commas',
  }),
  liveChatUrl: field(
    requiredText({ max: 300, pattern: { pattern: /^https:\/\/\S+$/, message: SUPPORT_MESSAGES.liveChatUrl } }),
    { label: 'Live Chat Address' },
  ),
  helpVideos: field(optionalText({ max: 500, pattern: { pattern: VIDEO_IDS, message: SUPPORT_MESSAGES.videoId } }), {
    label: 'Help Videos',
    helper: 'YouTube video ids, separated by commas',
  }),
});

export const supportSettingsInput = z.object(supportSettingsFields.shape);
export type SupportSettingsInput = z.infer<typeof supportSettingsInput>;
export const supportSettingsRecord = z.object({ version: z.number().int(), ...supportSettingsFields.recordShape });
export type SupportSettings = z.infer<typeof supportSettingsRecord>;

/** The page's read: the settings and whether the live chat button is shown to this account. */
export const supportReply = supportSettingsRecord.extend({
  liveChatShown: z.boolean(),
  liveChatHours: z.string(),
  phoneHours: z.string(),
});
export type SupportReply = z.infer<typeof supportReply>;

export const helpVideo = z.object({ id: z.string(), url: z.url() });
export type HelpVideo = z.infer<typeof helpVideo>;

const tag = 'support';

export const supportRoutes = {
  /** The support page (provider admins and retail users). */
  read: route({ method: 'GET', path: '/support', reply: supportReply, tag }),
  /** Spec 3 §7-style: the help videos' ids from the settings, each with its link. */
  videos: route({ method: 'GET', path: '/youtube/videos', reply: z.object({ records: z.array(helpVideo) }), tag }),
  /** The settings as a provider admin edits them. */
  settings: route({ method: 'GET', path: '/support/settings', reply: supportSettingsRecord, tag }),
  /** A provider admin's save (complete, with the version it was based on; stale refused). */
  saveSettings: route({
    method: 'PUT',
    path: '/support/settings',
    body: supportSettingsInput.extend({ version: z.number().int() }),
    reply: saveReply,
    tag,
  }),
};
