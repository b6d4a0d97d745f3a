/** Sign-in, session and theme shapes (spec 1 §3 "Session", §7 "Session and theme"). */
import { z } from 'zod';
import { recordId, requiredText } from '../fields.ts';

export const loginBody = z.object({
  username: requiredText({ max: 100 }),
  password: z.string().min(1).max(200),
});
export type LoginBody = z.infer<typeof loginBody>;

export const loginReply = z.object({
  success: z.boolean(),
  token: z.string().optional(),
  message: z.string().optional(),
});

export const sessionRecord = z.object({
  account_no: z.string(),
  name: z.string(),
  surname: z.string(),
  permissions: z.record(z.string(), z.number().int()),
  puppeteer: z.number().int().nullable(),
  user_id: z.number().int(),
  parent: z.string(),
  /** Ours: the effective account's type flags, convenient for the shell. */
  accountType: z.enum(['prepay', 'postpay']),
  accountKind: z.enum(['wholesale', 'retail', 'standard']),
  company: z.string(),
  username: z.string(),
});
export type Session = z.infer<typeof sessionRecord>;

export const sessionReply = z.union([
  sessionRecord.extend({ status: z.literal('success') }),
  z.object({ status: z.literal('error'), message: z.string() }),
]);

export const passwordCheckBody = z.object({ password: z.string().min(1).max(200) });

export const disguiseBody = z.object({ accountNo: recordId() });

/** Web runtime configuration served by the API so tests can shorten the timings. */
export const panelConfig = z.object({
  idleTimeoutMs: z.number().int(),
  logoutCountdownSeconds: z.number().int(),
  keepAliveMs: z.number().int(),
  loginUrl: z.string(),
  authTokenName: z.string(),
  userManagerUrl: z.string(),
  liveChatUrl: z.string(),
  helpUrl: z.string(),
});
export type PanelConfig = z.infer<typeof panelConfig>;

export const themeRecord = z.object({ br_primary_colour: z.string(), br_accent_colour: z.string() });
export type Theme = z.infer<typeof themeRecord>;
