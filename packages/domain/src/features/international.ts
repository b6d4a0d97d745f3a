/**
 * International numbers' regulations, addresses and proof documents (spec 3 §2 /international-addresses,
 * §3 "International address", §5, §7 "Number purchase and international", §8, §9). International is
 * for wholesale accounts and provider admins only (§6).
 */
import { z } from 'zod';
import { declareFields, field } from '../field-declarations.ts';
import { idParam, optionalText, recordId, requiredText } from '../fields.ts';
import { MESSAGES } from '../messages.ts';
import { listBody, listParams, listReplySchema, saveReply, withPagingRules } from '../paging.ts';
import { taggedRoutes } from '../tagged-routes.ts';
import { allocateReply, BUY_NUMBER_MESSAGES } from './buy-numbers.ts';

/** Spec 3 §9: the proof types an international number's country may ask for. */
export const PROOF_TYPES = [
  'DrivingLicence',
  'EnterpriseCertificate',
  'Passport',
  'GovernmentID',
  'UtilityBill',
] as const;
export type ProofType = (typeof PROOF_TYPES)[number];
export const PROOF_TYPE_LABELS: Readonly<Record<ProofType, string>> = {
  DrivingLicence: 'Driving licence',
  EnterpriseCertificate: 'Enterprise certificate',
  Passport: 'Passport',
  GovernmentID: 'Government ID',
  UtilityBill: 'Utility bill',
};

/**
 * Where a country's regulator wants the number's user to be: nowhere in particular (none), anywhere
 * with an address (worldwide), in the country (national), in the number's area of the country (local).
 */
export const ADDRESS_TYPES = ['none', 'worldwide', 'national', 'local'] as const;
export type AddressType = (typeof ADDRESS_TYPES)[number];

/** Spec 3 §9: the international stock shown per area is capped at 100. */
export const INTERNATIONAL_STOCK_CAP = 100;
/** Spec 3 §9: an international number is held for at least 3 months. */
export const INTERNATIONAL_CONTRACT_MONTHS = 3;

/**
 * POST /numbering/international/order (spec 3 §7: customerReference, areaId, quantity): `quantity`
 * numbers of the area, held with the account's address `addressId` where the country requires one.
 */
export const internationalOrderBody = z.object({
  customerReference: optionalText({ max: 50 }),
  areaId: recordId(BUY_NUMBER_MESSAGES.selectRegion),
  quantity: z
    .number({ error: BUY_NUMBER_MESSAGES.selectNumber })
    .int()
    .min(1, { error: BUY_NUMBER_MESSAGES.selectNumber })
    .max(INTERNATIONAL_STOCK_CAP, { error: `At most ${INTERNATIONAL_STOCK_CAP} numbers` }),
  addressId: recordId().nullable().default(null),
});
export type InternationalOrderBody = z.input<typeof internationalOrderBody>;

export const INTERNATIONAL_MESSAGES = {
  /** Spec 3 §5, exact. */
  regulationNotAccepted: 'Please accept that you are aware of the regulation requirements before continuing.',
  /** Spec 3 §8, exact. */
  documentsAdded: 'Documents added successfully',
  /** Spec 3 §8 per-item purchase outcomes, exact. */
  addressError: 'Address Error',
  proofError: 'Proof Error',
  /** Spec 3 §8 says both advise adding the item on the International Restriction page (its words are ours). */
  completeOnRestrictionsPage:
    'Please add the address or proof this number needs on the International Restriction page, then buy it again.',
  /** Ours: the §5 character rules (the spec gives the rule, not its words). */
  lettersApostrophe: 'Only letters and apostrophes are allowed',
  lettersDigitsSpaces: 'Only letters, digits, spaces and apostrophes are allowed',
  lettersSpaces: 'Only letters, spaces and apostrophes are allowed',
  /** Ours. */
  addressAdded: 'Address added successfully',
  linkAdded: 'Telephone number linked successfully',
  alreadyLinked: 'This telephone number is already linked to this address',
  notInternational: 'This telephone number is not one of your international numbers',
  unknownCountry: 'This country has no international numbers',
  proofNotAsked: (type: string) => `This country does not accept ${type} as proof`,
  noProofs: 'This address has no documents',
  /** Ours: a provider admin's new stock. */
  e164: 'Enter the number in international form, e.g. +33199000000',
  notOfCountry: 'This number is not one of the country’s',
  stockAdded: (added: number, area: string) => `${added} numbers added to ${area}`,
} as const;

/** Letters (any script) and apostrophes: names and titles (§5). */
const NAME = /^[\p{L}']+$/u;
/** Letters, digits, spaces and apostrophes: address lines (§5). */
const ADDRESS_LINE = /^[\p{L}\p{N} ']+$/u;
/** Letters, spaces and apostrophes: county and country (§5). */
const PLACE = /^[\p{L} ']+$/u;

const text = (max: number, pattern: RegExp, message: string) => requiredText({ max, pattern: { pattern, message } });

/** Spec 3 §3 "International address", with the rules of §5: every field required. */
export const internationalAddressFields = declareFields({
  title: field(text(20, NAME, INTERNATIONAL_MESSAGES.lettersApostrophe), { label: 'Title', sortable: true }),
  firstname: field(text(50, NAME, INTERNATIONAL_MESSAGES.lettersApostrophe), {
    label: 'First Name',
    sortable: true,
    searchable: true,
  }),
  lastname: field(text(50, NAME, INTERNATIONAL_MESSAGES.lettersApostrophe), {
    label: 'Last Name',
    sortable: true,
    searchable: true,
  }),
  addressLine1: field(text(150, ADDRESS_LINE, INTERNATIONAL_MESSAGES.lettersDigitsSpaces), {
    label: 'Address Line 1',
    column: 'address_line1',
    searchable: true,
  }),
  addressLine2: field(text(150, ADDRESS_LINE, INTERNATIONAL_MESSAGES.lettersDigitsSpaces), {
    label: 'Address Line 2',
    column: 'address_line2',
    searchable: true,
  }),
  county: field(text(50, PLACE, INTERNATIONAL_MESSAGES.lettersSpaces), { label: 'County', sortable: true }),
  country: field(text(50, PLACE, INTERNATIONAL_MESSAGES.lettersSpaces), {
    label: 'Country',
    sortable: true,
    filterable: true,
  }),
  postcode: field(requiredText({ max: 20 }), { label: 'Postcode', sortable: true, searchable: true }),
});

/** The regulation acknowledgement (§5): true, or the spec's text. */
export const regulationAccepted = z.literal(true, { error: INTERNATIONAL_MESSAGES.regulationNotAccepted });

/** POST /numbering/international/address: the address, the numbers it is for, the acknowledgement. */
export const internationalAddressInput = z.object({
  ...internationalAddressFields.shape,
  allocatedNumberIds: z.array(recordId()).max(100).default([]),
  regulationAccepted,
});
export type InternationalAddressInput = z.input<typeof internationalAddressInput>;

export const internationalAddressRecord = z.object({
  id: z.number().int(),
  version: z.number().int(),
  ...internationalAddressFields.recordShape,
  proofCount: z.number().int(),
  linkCount: z.number().int(),
});
export type InternationalAddress = z.infer<typeof internationalAddressRecord>;

/** A proof document of an address (the file's type found in its content). */
export const proofRecord = z.object({
  id: z.number().int(),
  addressId: z.number().int(),
  proofType: z.enum(PROOF_TYPES),
  fileName: z.string(),
  fileType: z.string(),
  fileSize: z.number().int(),
  uploadedAt: z.string(),
});
export type ProofDocument = z.infer<typeof proofRecord>;

/** The multipart upload's text fields (the document itself is the part 'proofFile'). */
export const proofUploadFields = z.object({
  proofType: z.enum(PROOF_TYPES, { error: MESSAGES.required }),
});
/** The proof types' extensions as stored (decided by the content: pdf, jpeg / jpg, png). */
export const PROOF_FILE_TYPES: Readonly<Record<string, string>> = {
  'application/pdf': 'pdf',
  'image/jpeg': 'jpg',
  'image/png': 'png',
};
/** What the file picker offers (the server decides by the content, not by the name). */
export const PROOF_ACCEPT = '.pdf,.jpeg,.jpg,.png,application/pdf,image/jpeg,image/png';

/** A country's regulation requirement (spec 3 §7: regulationRequirement addressType, proofRequired). */
export const regulationRequirement = z.object({
  addressType: z.enum(ADDRESS_TYPES),
  proofRequired: z.boolean(),
  proofTypes: z.array(z.enum(PROOF_TYPES)),
});
export type RegulationRequirement = z.infer<typeof regulationRequirement>;

/** An area of a country with the numbers in stock there (at most INTERNATIONAL_STOCK_CAP shown). */
export const internationalArea = z.object({
  id: z.number().int(),
  name: z.string(),
  prefix: z.string(),
  /** The area's state, in the USA (the wizard's State step); null elsewhere. */
  state: z.string().nullable(),
  stock: z.number().int(),
});

/** A country's international offer: its areas' stock and its regulation requirement. */
export const internationalCountry = z.object({
  country: z.string(),
  name: z.string(),
  callingCode: z.string(),
  regulationRequirement,
  records: z.array(internationalArea),
  totalRecords: z.number().int(),
  lastPage: z.boolean(),
});
export type InternationalCountry = z.infer<typeof internationalCountry>;

/** A country's restrictions (the International Restrictions tab and GET …/address/{country}/restrictions). */
export const countryRestrictions = z.object({
  country: z.string(),
  name: z.string(),
  callingCode: z.string(),
  regulationRequirement,
  /** How many numbers are in stock (all areas, capped per area). */
  stock: z.number().int(),
});
export type CountryRestrictions = z.infer<typeof countryRestrictions>;

/** One of the account's international numbers, with the addresses it is linked to. */
export const internationalNumber = z.object({
  id: z.number().int(),
  number: z.string(),
  country: z.string().nullable(),
  countryName: z.string().nullable(),
  addressIds: z.array(z.number().int()),
});
export type InternationalNumber = z.infer<typeof internationalNumber>;

/** A number linked to an address. */
export const addressLink = z.object({
  id: z.number().int(),
  addressId: z.number().int(),
  allocatedNumberId: z.number().int(),
  number: z.string(),
  linkedAt: z.string(),
});
export type AddressLink = z.infer<typeof addressLink>;

export const countryParam = z.object({
  country: z
    .string()
    .regex(/^[A-Za-z]{2}$/, { error: INTERNATIONAL_MESSAGES.unknownCountry })
    .transform((c) => c.toUpperCase()),
});
const paging = { offset: z.coerce.number().int().min(-1), limit: z.coerce.number().int().min(-1) };
const idPagedParams = withPagingRules(idParam.extend(paging));
/** The spec calls it with -1/1: an offset of -1 is every area, whatever the limit. */
const countryPagedParams = countryParam
  .extend(paging)
  .refine((p) => p.limit === -1 || (p.limit >= 1 && p.limit <= 200), { error: 'limit must be 1-200' });

/** The most numbers one stock range adds (ours: a block of 10,000, as a number range is allocated). */
export const INTERNATIONAL_STOCK_RANGE_MAX = 10_000;

/**
 * A provider admin's new international stock: a country's regulation requirement (set or changed),
 * an area of it (made when new; the USA's with its state) and `count` numbers from `first` (E.164).
 */
export const internationalStockBody = z.object({
  country: z.string().regex(/^[A-Z]{2}$/, { error: MESSAGES.required }),
  addressType: z.enum(ADDRESS_TYPES, { error: MESSAGES.required }),
  proofRequired: z.boolean(),
  proofTypes: z.array(z.enum(PROOF_TYPES)).default([]),
  area: requiredText({ max: 60 }),
  state: optionalText({ max: 40 }),
  first: z
    .string()
    .trim()
    .regex(/^\+[1-9]\d{6,14}$/, { error: INTERNATIONAL_MESSAGES.e164 }),
  count: z
    .number({ error: MESSAGES.required })
    .int()
    .min(1, { error: MESSAGES.required })
    .max(INTERNATIONAL_STOCK_RANGE_MAX, { error: `At most ${INTERNATIONAL_STOCK_RANGE_MAX} numbers at once` }),
});
export type InternationalStockBody = z.input<typeof internationalStockBody>;
export const internationalStockReply = z.object({ success: z.boolean(), message: z.string(), added: z.number().int() });

const tag = 'international';
const { get, post } = taggedRoutes(tag);
const base = '/numbering/international';

/** Spec 3 §7 "Number purchase and international" (the order itself is the number allocation's). */
export const internationalRoutes = {
  /** Every country with international stock, by name (the International Restrictions tab). */
  countries: get(`${base}/countries`, { reply: z.object({ records: z.array(countryRestrictions) }) }),
  /** A country's areas with their stock (at most 100 each) and its regulation requirement. */
  country: post(`${base}/country/:country/:offset/:limit`, { params: countryPagedParams, reply: internationalCountry }),
  /** The account's addresses. */
  addresses: post(`${base}/address/:offset/:limit`, {
    params: listParams,
    body: listBody,
    reply: listReplySchema(internationalAddressRecord),
  }),
  /** One address of the account. */
  address: get(`${base}/address/:id`, { params: idParam, reply: internationalAddressRecord }),
  /** A new address, linked to the numbers given. */
  createAddress: post(`${base}/address`, { body: internationalAddressInput, reply: saveReply }),
  /** A proof document (multipart: 'proofFile' and 'proofType'). */
  uploadProof: post(`${base}/address/:id/proof/upload`, { params: idParam, reply: saveReply }),
  /** The proofs of the account's addresses (body: addressId, to name one). */
  proofs: post(`${base}/address/proof/details/:offset/:limit`, {
    params: listParams,
    body: z.object({ addressId: recordId().optional() }).default({}),
    reply: listReplySchema(proofRecord),
  }),
  /** An address's proofs as one ZIP, streamed from the file store (GET or POST). */
  proofZip: {
    ...get(`${base}/address/:id/proof/zip`, { params: idParam, reply: z.unknown() }),
    alsoMethods: ['POST'],
    replyTypes: ['application/zip'],
  },
  /** A country's regulation requirement. */
  restrictions: get(`${base}/address/:country/restrictions`, { params: countryParam, reply: countryRestrictions }),
  /** Every number linked to an address. */
  allLinks: get(`${base}/address/links/:id`, { params: idParam, reply: listReplySchema(addressLink) }),
  /** The numbers linked to an address, paged (-1/-1: all). */
  links: get(`${base}/address/links/:id/:offset/:limit`, {
    params: idPagedParams,
    reply: listReplySchema(addressLink),
  }),
  /** Links one of the account's international numbers to an address. */
  addLink: post(`${base}/address/links/:id`, {
    params: idParam,
    body: z.object({ allocatedNumberId: recordId() }),
    reply: saveReply,
  }),
  /** The account's international numbers. */
  numbers: post(`${base}/:offset/:limit`, { params: listParams, reply: listReplySchema(internationalNumber) }),
  /** A provider admin's new international stock (and the country's requirement). */
  addStock: post(`${base}/stock`, { body: internationalStockBody, reply: internationalStockReply }),
  /** An order of an area's numbers: each number's outcome and the summary (spec 3 §8). */
  order: post(`${base}/order`, { body: internationalOrderBody, reply: allocateReply }),
} as const;
