/** Seats (spec 2: /seats, permission seats): extensions, caller ID, voicemail, diverts, recording. */
import { z } from 'zod';
import { optionalText } from '../fields.ts';
import { MESSAGES } from '../messages.ts';
import { PATTERNS } from '../patterns.ts';
import { destinationField } from './destinations.ts';

export const SEAT_MESSAGES = {
  invalidNumber: 'Please input a valid number',
  lessThanTo: 'Please ensure this number is less than the To field',
  tooMany: 'You cannot add more than 100 seats at one time, please contact your account manager to add more',
  inUse: 'Seat extension is already in use. Please select a different number',
  rangeInUse:
    '1 or more of the seats already has the number in this selected range. Please check the range and try again',
  notAccountNumber: 'Please select one of your telephone numbers',
  passwordReset: 'Reset Successfully',
  somethingWrong: 'Something went wrong, please try again.',
} as const;

export const SEAT_BULK_MAX = 100;

/** Extension ranges by the account's digit setting (spec 2 §5). */
export const SEAT_EXTENSION_RANGES: Record<number, { min: number; max: number }> = {
  3: { min: 200, max: 998 },
  4: { min: 2000, max: 9989 },
  5: { min: 20000, max: 99899 },
};

export function seatExtensionRange(digits: number): { min: number; max: number } {
  return SEAT_EXTENSION_RANGES[digits] ?? { min: 200, max: 998 };
}

function seatNumber(digits: number) {
  const { min, max } = seatExtensionRange(digits);
  return z.coerce
    .number({ error: SEAT_MESSAGES.invalidNumber })
    .int({ error: SEAT_MESSAGES.invalidNumber })
    .min(min, { error: SEAT_MESSAGES.invalidNumber })
    .max(max, { error: SEAT_MESSAGES.invalidNumber });
}

/** The bulk add: from, optional to (above from), at most 100 seats, within the account's range. */
export function seatRange(digits: number) {
  const n = seatNumber(digits);
  return z
    .object({
      from: n,
      to: z.union([z.literal(''), z.null(), n]).optional(),
      nickname: optionalText({ max: 45 }),
    })
    .superRefine((r, ctx) => {
      if (r.to === '' || r.to === null || r.to === undefined) return;
      if (r.to <= r.from) ctx.addIssue({ code: 'custom', path: ['from'], message: SEAT_MESSAGES.lessThanTo });
      else if (r.to - r.from + 1 > SEAT_BULK_MAX) {
        ctx.addIssue({ code: 'custom', path: ['to'], message: SEAT_MESSAGES.tooMany });
      }
    });
}
export type SeatRange = z.input<ReturnType<typeof seatRange>>;

export const VOICEMAIL_MODES = [
  { value: 0, label: 'Disabled' },
  { value: 1, label: 'Basic' },
  { value: 2, label: 'Advanced' },
] as const;
export const TRANSPORTS = [
  { value: 'udp', label: 'UDP' },
  { value: 'tcp', label: 'TCP' },
  { value: 'tls', label: 'TLS (chargeable)' },
] as const;
export const VIDEO_CODECS = [
  { value: 'h264', label: 'H.264' },
  { value: 'vp8', label: 'VP8' },
  { value: 'vp9', label: 'VP9' },
] as const;
/** Ring time 5-60 s in steps of 5. */
export const RING_TIMES = Array.from({ length: 12 }, (_, i) => (i + 1) * 5);

const divert = optionalText({ pattern: PATTERNS.telephone });
const select = 'Please select an option';

export const seatInput = z.object({
  nickname: optionalText({ max: 45 }),
  callerIdName: optionalText({ max: 30 }),
  /** One of the account's telephone numbers, or '' for the account default. */
  callerIdNumber: optionalText({ max: 16 }),
  withholdNumber: z.boolean().default(false),
  emergencyServiceCid: optionalText({ max: 16 }),
  ringTime: z.coerce
    .number()
    .int()
    .refine((v) => RING_TIMES.includes(v), { error: select })
    .default(20),
  musicOnHold: optionalText({ max: 50 }),
  vmMode: z.coerce.number().int().min(0, { error: select }).max(2, { error: select }).default(1),
  vmEmail: z
    .string()
    .trim()
    .max(100, { error: MESSAGES.maxLength(100) })
    .refine((v) => v === '' || z.email().safeParse(v).success, { error: MESSAGES.email })
    .default(''),
  vmAdvancedPromptId: z.coerce.number().int().positive().nullable().default(null),
  vmAdvancedDest: destinationField,
  cfwdAll: divert,
  cfwdBusy: divert,
  cfwdNoAnswer: divert,
  cfwdUnavail: divert,
  callRecording: z.coerce.number().int().min(0, { error: select }).max(2, { error: select }).default(0),
  transport: z.enum(['udp', 'tcp', 'tls'], { error: select }).default('udp'),
  enableVideo: z.boolean().default(false),
  videoCodec: z.enum(['h264', 'vp8', 'vp9'], { error: select }).default('h264'),
  hdCodec: z.boolean().default(true),
  keepOnNetwork: z.boolean().default(false),
  /** Provider admins only (reduced rental, internal calls only). */
  internal: z.boolean().default(false),
});
export type SeatInput = z.input<typeof seatInput>;
export type SeatValues = z.output<typeof seatInput>;

export const seatRecord = z.object({
  id: z.number().int(),
  extension: z.number().int(),
  name: z.string(),
  nickname: z.string(),
  callerIdName: z.string(),
  callerIdNumber: z.string(),
  withholdNumber: z.boolean(),
  emergencyServiceCid: z.string(),
  ringTime: z.number().int(),
  musicOnHold: z.string(),
  vmMode: z.number().int(),
  vmEmail: z.string(),
  vmAdvancedPromptId: z.number().int().nullable(),
  vmAdvancedDest: z.string(),
  cfwdAll: z.string(),
  cfwdBusy: z.string(),
  cfwdNoAnswer: z.string(),
  cfwdUnavail: z.string(),
  callRecording: z.number().int(),
  transport: z.string(),
  enableVideo: z.boolean(),
  videoCodec: z.string(),
  hdCodec: z.boolean(),
  keepOnNetwork: z.boolean(),
  internal: z.boolean(),
  /** Registered / Unregistered from the registrations table. */
  status: z.enum(['Registered', 'Unregistered']),
  userAgent: z.string(),
  ipaddr: z.string(),
  port: z.number().int().nullable(),
  /** Emergency address set (the caller ID number has one). */
  location: z.boolean(),
  publicIp: z.boolean(),
  onNet: z.boolean(),
  accountNo: z.number().int(),
});
export type Seat = z.infer<typeof seatRecord>;

/** The seat's display label ('201 - Reception'). */
export const seatLabel = (s: { extension: number; nickname: string }) =>
  s.nickname ? `${s.extension} - ${s.nickname}` : String(s.extension);
