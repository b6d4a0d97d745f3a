/**
 * Buying UK numbers (spec 3 §3 "Tariff item", "Vanity number", §4 "Add-number wizard", §5 "Number
 * purchase", §6, §7 "Number purchase", §8, §9): the provider's stock by type, country and area, the
 * vanity numbers by class, the service tariff (monthly and setup prices) and the purchase with its
 * per-item answers. International (INT) stock is another area's; the wizard's extension point for it
 * is on the web (`WizardTypeSteps`).
 */
import { z } from 'zod';
import { optionalText, recordId, requiredText } from '../fields.ts';
import { taggedRoutes } from '../tagged-routes.ts';

/** Spec 3 §9: the number types; INT is the international backend's (not bought through this area). */
export const NUMBER_TYPES = [
  'GEONUM',
  '0333NGN',
  '03NGN',
  '0843NGN',
  '0845NGN',
  '0800FREE',
  '0808FREE',
  'VAN',
  'INT',
] as const;
export type NumberType = (typeof NUMBER_TYPES)[number];
/** The types whose stock this area holds (ranges of UK numbers). */
export const UK_NUMBER_TYPES = ['GEONUM', '0333NGN', '03NGN', '0843NGN', '0845NGN', '0800FREE', '0808FREE'] as const;
export type UkNumberType = (typeof UK_NUMBER_TYPES)[number];

export const NUMBER_TYPE_LABELS: Record<NumberType, string> = {
  GEONUM: 'Geographic',
  '0333NGN': '0333 Non-Geographic',
  '03NGN': '0300 Non-Geographic',
  '0843NGN': '0843 Non-Geographic',
  '0845NGN': '0845 Non-Geographic',
  '0800FREE': '0800 Freephone',
  '0808FREE': '0808 Freephone',
  VAN: 'Vanity',
  INT: 'International',
};

/** Spec 3 §9: the geographic countries. */
export const GEO_COUNTRIES = ['ENG', 'NIR', 'SCO', 'WAL'] as const;
export type GeoCountry = (typeof GEO_COUNTRIES)[number];
export const GEO_COUNTRY_LABELS: Record<GeoCountry, string> = {
  ENG: 'England',
  NIR: 'Northern Ireland',
  SCO: 'Scotland',
  WAL: 'Wales',
};

/** Spec 3 §3 "Vanity number": class 1 Platinum, 2 Gold, 3 Silver, 4 Bronze. */
export const VANITY_CLASSES = { 1: 'Platinum', 2: 'Gold', 3: 'Silver', 4: 'Bronze' } as const;
export type VanityClass = keyof typeof VANITY_CLASSES;
/** A class's name ('Gold'), '' for no class. */
export const vanityClassLabel = (c: number | null): string =>
  c === 1 || c === 2 || c === 3 || c === 4 ? VANITY_CLASSES[c] : '';

/** Spec 3 §9: the vanity ranges by id, and the type each one's numbers are. */
export const VANITY_RANGES = [
  { id: 676, prefix: '0333', type: '0333NGN' },
  { id: 700, prefix: '0300', type: '03NGN' },
  { id: 359, prefix: '0800', type: '0800FREE' },
  { id: 699, prefix: '0808', type: '0808FREE' },
] as const;
/** The 0300 numbers (03NGN and its vanity range) are for not-for-profit accounts only (spec 3 §5). */
export const NOT_FOR_PROFIT_RANGE_IDS: readonly number[] = [700];

/** Spec 3 §9: the range slider (and a purchase's size) is capped at 100. */
export const MAX_RANGE_SIZE = 100;
/** Spec 3 §9: contract notes. */
export const VANITY_CONTRACT_MONTHS = 24;

export const BUY_NUMBER_MESSAGES = {
  selectType: 'Please select a type',
  selectCountry: 'Please select a country',
  selectState: 'Please select a State',
  selectRegion: 'Please select a Region',
  selectNumber: 'Please select at least 1 number',
  /** Spec 3 §5 names an unable-to-proceed message for 0300 without its words: ours. */
  notForProfit:
    'Unable to proceed: 0300 numbers are only available to not-for-profit organisations. Please contact us if your account should be marked as not-for-profit.',
  purchased: 'Purchased successfully',
  validationError: 'Validation Error',
  validationAdvice: 'Please go back to rectify the validation errors.',
  addressError: 'Address Error',
  proofError: 'Proof Error',
  failed: 'Something went wrong please try again',
  costError: 'Error returning cost',
  pricingError: 'Error returning pricing',
  summaryPurchased: (n: number) => `${n} Telephone Numbers successfully purchased`,
  summaryErrors: (n: number) => `${n} errors occurred`,
  /** Ours: the item's numbers were taken (by another buyer) or are not in stock. */
  notAvailable: 'This number is no longer available, please choose another',
  /** Ours: a range item's numbers must be one contiguous run of one stock range. */
  badRange: 'Please choose a range of up to 100 numbers from one area',
  /** Ours: the prepay balance does not cover the setup charges (spec 3 has no words for it). */
  balanceShort: (needed: string, balance: string) =>
    `Your balance of £${balance} does not cover the setup charges of £${needed}. Please top up and try again.`,
  vanityContract: `Vanity numbers have a minimum contract of ${VANITY_CONTRACT_MONTHS} months.`,
  exVat: 'Prices are shown ex VAT.',
  rangeAdded: (n: number) => `${n} numbers added to stock`,
  /** Ours: an admin's range that overlaps stock. */
  rangeOverlaps: 'Some of these numbers are already in stock',
  rangeTooLarge: 'A range may hold at most 100,000 numbers',
  noAreaName: 'Please give the area a name (no name is known for this number)',
  tariffSaved: 'Tariff item saved',
  notForProfitSaved: (accountNo: number, on: boolean) =>
    `Account ${accountNo} is ${on ? 'now' : 'no longer'} marked not-for-profit`,
} as const;

const digits = (max: number) =>
  requiredText({ max, pattern: { pattern: /^0\d{9,15}$/, message: 'Please enter a UK number starting with 0' } });
const typeField = z.enum(UK_NUMBER_TYPES, { error: BUY_NUMBER_MESSAGES.selectType });

/** POST /numbering/available/ranges: the areas of a type (and country) that have numbers in stock. */
export const availableRangesBody = z.object({
  /** A UK type, or VAN (the vanity ranges). */
  type: z.enum([...UK_NUMBER_TYPES, 'VAN'], { error: BUY_NUMBER_MESSAGES.selectType }),
  country: z.enum(GEO_COUNTRIES, { error: BUY_NUMBER_MESSAGES.selectCountry }).optional(),
});
export const numberRangeRecord = z.object({
  numberRangeId: z.number().int(),
  type: z.enum(UK_NUMBER_TYPES),
  country: z.enum(GEO_COUNTRIES).nullable(),
  name: z.string(),
  /** The dialling code shared by the range's numbers ('0121'). */
  prefix: z.string(),
  vanity: z.boolean(),
});
export type NumberRangeRecord = z.infer<typeof numberRangeRecord>;

/** POST /numbering/available/ranges/-1/-1: contiguous runs of free numbers of a range. */
export const availableBlocksBody = z.object({
  numberRangeId: z.coerce.number().int().positive({ error: BUY_NUMBER_MESSAGES.selectRegion }),
  minimumRangeSize: z.coerce.number().int().min(1).max(MAX_RANGE_SIZE).default(1),
});
export const numberBlockRecord = z.object({ start: z.string(), end: z.string(), amount: z.number().int() });
export type NumberBlock = z.infer<typeof numberBlockRecord>;

/** POST /numbering/available/vanity: a vanity range's free numbers of the classes asked for. */
export const vanityBody = z.object({
  numberRangeId: z.coerce.number().int().positive({ error: BUY_NUMBER_MESSAGES.selectRegion }),
  platinum: z.boolean().default(true),
  gold: z.boolean().default(true),
  silver: z.boolean().default(true),
  bronze: z.boolean().default(true),
  /** Digits the number holds ('' for any). */
  filter: optionalText({ max: 14, pattern: { pattern: /^\d*$/, message: 'Please enter digits only' } }),
});
export const vanityRecord = z.object({
  number: z.string(),
  class: z.number().int().min(1).max(4),
  /** The setup price in pounds ('250.00'): shown for vanity numbers to everyone (spec 3 §6). */
  setup: z.string(),
});
export type VanityNumber = z.infer<typeof vanityRecord>;

/** POST /numbering/available/allocate. */
export const allocateBody = z
  .object({
    telephoneNumberRanges: z
      .array(z.object({ start: digits(16), end: digits(16) }))
      .max(MAX_RANGE_SIZE)
      .default([]),
    telephoneNumbers: z.array(digits(16)).max(MAX_RANGE_SIZE).default([]),
  })
  .refine((b) => b.telephoneNumberRanges.length + b.telephoneNumbers.length > 0, {
    error: BUY_NUMBER_MESSAGES.selectNumber,
    path: ['telephoneNumbers'],
  });
export type AllocateBody = z.input<typeof allocateBody>;
/** One item's answer: 'Purchased successfully', 'Validation Error' (+ validation), or a failure text. */
export const allocateItemReply = z.object({
  /** '01214960100' or '01214960100 - 01214960109'. */
  item: z.string(),
  success: z.boolean(),
  message: z.string(),
  /** Why a 'Validation Error' item was refused, by field; null otherwise. */
  validation: z.record(z.string(), z.string()).nullable(),
  /** The allocated numbers' ids (GET /numbering/allocated/{id}). */
  ids: z.array(z.number().int()),
});
export type AllocateItemReply = z.infer<typeof allocateItemReply>;
export const allocateReply = z.object({
  success: z.boolean(),
  /** The summary: 'N Telephone Numbers successfully purchased' or 'N errors occurred'. */
  message: z.string(),
  records: z.array(allocateItemReply),
});
export type AllocateReply = z.infer<typeof allocateReply>;

/** The summary line of a purchase (spec 3 §8). */
export function purchaseSummary(items: readonly { success: boolean; ids: readonly number[] }[]): string {
  const errors = items.filter((i) => !i.success).length;
  if (errors > 0) return BUY_NUMBER_MESSAGES.summaryErrors(errors);
  return BUY_NUMBER_MESSAGES.summaryPurchased(items.reduce((n, i) => n + i.ids.length, 0));
}

/** Spec 3 §3 "Tariff item": item, monthly, setup — pounds ex VAT ('2.00'); null when hidden (wholesale). */
export const tariffItemRecord = z.object({
  item: z.string(),
  description: z.string(),
  monthly: z.string().nullable(),
  setup: z.string().nullable(),
  version: z.number().int(),
});
export type TariffItem = z.infer<typeof tariffItemRecord>;
const poundsText = requiredText({
  max: 10,
  pattern: { pattern: /^\d{1,6}(\.\d{1,2})?$/, message: 'Please enter an amount in pounds' },
});
export const tariffItemInput = z.object({
  monthly: poundsText,
  setup: poundsText,
  version: z.number().int().optional(),
});

/** A provider admin's new stock range. */
export const addRangeBody = z.object({
  type: typeField,
  country: z.enum(GEO_COUNTRIES, { error: BUY_NUMBER_MESSAGES.selectCountry }).nullable().default(null),
  first: digits(16),
  last: digits(16),
  /** The area's name; by default the geocoder's for the first number. */
  name: optionalText({ max: 60 }),
});
export const addRangeReply = z.object({ success: z.boolean(), message: z.string(), numberRangeId: z.number().int() });

const { get, post, put } = taggedRoutes('buy-numbers');
const itemParam = z.object({
  item: requiredText({ max: 20, pattern: { pattern: /^[0-9A-Z]+$/, message: 'Not a tariff item' } }),
});

export const buyNumberRoutes = {
  ranges: post('/numbering/available/ranges', {
    body: availableRangesBody,
    reply: z.object({ records: z.array(numberRangeRecord) }),
  }),
  blocks: post('/numbering/available/ranges/-1/-1', {
    body: availableBlocksBody,
    reply: z.object({ records: z.array(numberBlockRecord) }),
  }),
  vanity: post('/numbering/available/vanity', {
    body: vanityBody,
    reply: z.object({ records: z.array(vanityRecord) }),
  }),
  allocate: post('/numbering/available/allocate', { body: allocateBody, reply: allocateReply }),
  tariff: get('/billing/tariff/-1/-1', { reply: z.object({ records: z.array(tariffItemRecord) }) }),
  /** A provider admin's price change. */
  saveTariff: put('/billing/tariff/:item', {
    params: itemParam,
    body: tariffItemInput,
    reply: z.object({ success: z.boolean(), message: z.string() }),
  }),
  /** A provider admin marks an account not-for-profit (0300 numbers), or not. */
  notForProfit: put('/numbering/not-for-profit/:accountNo', {
    params: z.object({ accountNo: recordId() }),
    body: z.object({ notForProfit: z.boolean() }),
    reply: z.object({ success: z.boolean(), message: z.string() }),
  }),
  /** A provider admin's new stock. */
  addRange: post('/numbering/stock/ranges', { body: addRangeBody, reply: addRangeReply }),
};
