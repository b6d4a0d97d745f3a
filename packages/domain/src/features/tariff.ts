/**
 * Tariff and call costs (spec 3 §2 /tariff, §3 'Tariff lookup', §5, §7 'Tariff'; issue 27): the
 * provider's rate deck by dialling prefix, the call-cost look-up by longest prefix, the tariff
 * documents generated from the deck (CSV and PDF), and the provider admins' edit of a rate.
 * Rates travel as pence with two decimals ('1.25' is 1.25p; stored as hundredths of a penny).
 */
import { z } from 'zod';
import { route } from '../contract.ts';
import { recordId, requiredText } from '../fields.ts';
import { saveReply } from '../paging.ts';
import { PATTERNS } from '../patterns.ts';
import type { RateBand } from '../rating.ts';
import { recordsReply } from '../tagged-routes.ts';

export const TARIFF_CATEGORIES = ['geographic', 'mobile', 'non-geographic', 'premium', 'international'] as const;
export type TariffCategory = (typeof TARIFF_CATEGORIES)[number];
export const TARIFF_CATEGORY_LABELS: Record<TariffCategory, string> = {
  geographic: 'UK Geographic',
  mobile: 'UK Mobile',
  'non-geographic': 'UK Non-Geographic',
  premium: 'UK Premium',
  international: 'International',
};

export const RATE_BAND_LABELS: Record<RateBand, string> = {
  onPeak: 'On-peak',
  offPeak: 'Off-peak',
  weekendOnPeak: 'Weekend on-peak',
  weekendOffPeak: 'Weekend off-peak',
};

export const TARIFF_MESSAGES = {
  noRate: 'There is no rate for this number',
  rate: 'Please enter a rate in pence with up to two decimals, e.g. 1.25',
  /** Ours: the SMS rate's rule (empty: the destination takes no texts). */
  smsRate: 'Please enter an SMS rate in pence with up to two decimals, e.g. 4.00, or leave it empty for no texts',
  updated: 'Rate updated successfully',
  documentNotFound: 'This tariff document could not be found',
} as const;

/** The rate fields of spec 3 §3 'Tariff lookup', in its order, with the panel's labels. */
export const TARIFF_RATE_FIELDS = {
  access: 'Access (per min)',
  onPeak: 'On-peak (per min)',
  onPeakConnection: 'On-peak connection',
  offPeak: 'Off-peak (per min)',
  weekendOnPeak: 'Weekend on-peak (per min)',
  weekendOffPeak: 'Weekend off-peak (per min)',
  minimum: 'Minimum charge',
} as const;
export type TariffRateField = keyof typeof TARIFF_RATE_FIELDS;
/** The deck's SMS rate (issue 28): pence per message part; empty when the destination takes no texts. */
export const TARIFF_SMS_FIELD = 'SMS (per message part)';

/** Pence with up to two decimals, as text ('1.25'); at most £10,000 a minute. */
const rateText = z
  .string({ error: TARIFF_MESSAGES.rate })
  .trim()
  .max(10, { error: TARIFF_MESSAGES.rate, abort: true })
  .regex(/^\d{1,6}(?:\.\d{1,2})?$/, { error: TARIFF_MESSAGES.rate });

/** An SMS rate: pence with up to two decimals, or '' (the destination takes no texts, e.g. a landline). */
const smsRateText = z
  .string({ error: TARIFF_MESSAGES.smsRate })
  .trim()
  .max(10, { error: TARIFF_MESSAGES.smsRate, abort: true })
  .regex(/^(?:\d{1,6}(?:\.\d{1,2})?)?$/, { error: TARIFF_MESSAGES.smsRate });

const rates = {
  access: z.string(),
  onPeak: z.string(),
  onPeakConnection: z.string(),
  offPeak: z.string(),
  weekendOnPeak: z.string(),
  weekendOffPeak: z.string(),
  minimum: z.string(),
};

/** GET /billing/callcost/{number}: the destination's rates, and what a three-minute call now costs. */
export const tariffLookupRecord = z.object({
  destination: z.string(),
  ...rates,
  prefix: z.string(),
  category: z.enum(TARIFF_CATEGORIES),
  example: z.object({
    /** ISO 8601: now, when the look-up ran. */
    start: z.string(),
    seconds: z.number().int(),
    band: z.enum(['onPeak', 'offPeak', 'weekendOnPeak', 'weekendOffPeak']),
    costPence: z.number().int(),
  }),
});
export type TariffLookupRecord = z.infer<typeof tariffLookupRecord>;

/** A rate of the deck, as the provider admins edit it. */
export const tariffRateRecord = z.object({
  id: z.number().int(),
  version: z.number().int(),
  prefix: z.string(),
  category: z.enum(TARIFF_CATEGORIES),
  destination: z.string(),
  ...rates,
  /** Pence per SMS part ('4.00'); '' when the destination takes no texts. */
  sms: z.string(),
});
export type TariffRateRecord = z.infer<typeof tariffRateRecord>;

export const tariffRateInput = z.object({
  destination: requiredText({ max: 100 }),
  access: rateText,
  onPeak: rateText,
  onPeakConnection: rateText,
  offPeak: rateText,
  weekendOnPeak: rateText,
  weekendOffPeak: rateText,
  minimum: rateText,
  /** Left out: unchanged. */
  sms: smsRateText.optional(),
  version: z.number().int().positive().optional(),
});
export type TariffRateInput = z.infer<typeof tariffRateInput>;

/** GET /documents/tariff's records (spec 3 §7: title, filename, id). */
export const tariffDocumentRecord = z.object({ id: z.number().int(), title: z.string(), filename: z.string() });
export type TariffDocumentRecord = z.infer<typeof tariffDocumentRecord>;

export const callCostParams = z.object({
  number: z
    .string({ error: PATTERNS.cli.message })
    .max(20, { error: PATTERNS.cli.message, abort: true })
    .regex(PATTERNS.cli.pattern, { error: PATTERNS.cli.message }),
});
export const tariffDocumentParams = z.object({
  name: z
    .string()
    .max(100)
    .regex(/^[A-Za-z0-9._-]+$/, { error: TARIFF_MESSAGES.documentNotFound }),
  id: recordId(),
});
const rateListQuery = z.object({
  search: z.string().trim().max(100).optional(),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export const tariffRateList = z.object({
  records: z.array(tariffRateRecord),
  totalRecords: z.number().int(),
  lastPage: z.boolean(),
});

const tag = 'tariff';

export const tariffRoutes = {
  /** Spec 3 §7: the call-cost look-up (longest prefix of the deck). */
  callCost: route({
    method: 'GET',
    path: '/billing/callcost/:number',
    params: callCostParams,
    reply: tariffLookupRecord,
    tag,
  }),
  /** Spec 3 §7: the downloadable tariff documents (records: title, filename, id). */
  documents: route({ method: 'GET', path: '/documents/tariff', reply: recordsReply(tariffDocumentRecord), tag }),
  /** Spec 3 §7: one document, generated from the deck (CSV or PDF, by its file name). */
  document: route({
    method: 'POST',
    path: '/documents/tariff/:name/:id',
    params: tariffDocumentParams,
    reply: z.unknown(),
    replyTypes: ['application/pdf', 'text/csv'],
    tag,
  }),
  /** The deck, a page at a time, searchable by destination or prefix (provider admins). */
  rates: route({ method: 'GET', path: '/tariff/rates', query: rateListQuery, reply: tariffRateList, tag }),
  /** A provider admin's edit of one rate (versioned: a stale version is refused). */
  updateRate: route({
    method: 'PUT',
    path: '/tariff/rates/:id',
    params: z.object({ id: recordId() }),
    body: tariffRateInput,
    reply: saveReply,
    tag,
  }),
};

/**
 * A rate as a customer reads it: pence under a pound ('1.20p', '0p'), whole pounds and pence from
 * a pound up ('£1.50'); a rate of a pound or more with a fraction of a penny stays in pence ('150.50p').
 */
export function formatRate(penceText: string): string {
  const m = /^(\d+)\.(\d{2})$/.exec(penceText);
  if (!m) return `${penceText}p`;
  const whole = Number(m[1]);
  if (whole >= 100 && m[2] === '00') return `£${Math.floor(whole / 100)}.${String(whole % 100).padStart(2, '0')}`;
  return whole === 0 && m[2] === '00' ? '0p' : `${penceText}p`;
}
