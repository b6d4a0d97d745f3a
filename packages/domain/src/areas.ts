/**
 * The panel's areas by id — the folder name the server's change events and audit entries carry
 * ('seats', 'direct-debit') — each with its name as the panel shows it: its sidebar entry's, or for
 * an area without one, the name of its tab or page. Declared once, here: the sidebar entries, the
 * audit log's Area column and its filter read these names, and the server can emit no event and
 * write no audit entry under an area not declared (`AreaId`, `AuditAction`).
 */
export const AREA_NAMES = {
  'access-lists': 'Access Lists',
  account: 'Account Details',
  bundles: 'Bundles',
  /** The number stock, the service tariff and purchases (the add-number wizard). */
  'buy-numbers': 'Number Stock',
  /** The trace of a call through the routing (issue 29). */
  'call-flow': 'Call Flow',
  'call-groups': 'Call Groups',
  'call-monitoring': 'Call Monitoring',
  'call-queues': 'Call Queues',
  'call-recording': 'Call Recording',

  /** The switch's call records (ingestion of a batch). */
  'call-records': 'Call Records',
  /** A provider admin's retry of the change events a consumer gave up on (the Change Events page). */
  'change-events': 'Change Events',
  conferencing: 'Conferencing',
  'dial-through': 'Dial Through',
  'direct-debit': 'Direct Debit',
  /** A reseller or provider admin starting or ending acting as a customer. */
  disguise: 'Acting as a customer',
  /** The account holder's identity check (Account Details, Identity tab). */
  identity: 'Identity',
  'international-addresses': 'International Addresses',
  invoice: 'Invoices',
  ivrs: 'IVRs',
  /** A provider admin's retry of a failed job (the Jobs page). */
  jobs: 'Jobs',
  /** A provider admin's credit or debit of an account. */
  ledger: 'Balance Adjustment',
  mobile: 'Mobile Numbers',
  'music-on-hold': 'Music On Hold',
  nts: 'NTS',
  'outbound-clis': 'Outbound CLI Lists',
  /** The provider's switch, media and recording servers and their credentials. */
  'platform-servers': 'Platform Servers',
  /** A password set or reset through an e-mailed link. */
  password: 'Password',
  'pickup-groups': 'Pickup Groups',
  /** What is wrong in the account's routing (issue 29). */
  'routing-health': 'Routing Health',
  /** Porting a number away: a provider admin's request and the holder's advice of transfer (the /AOT page). */
  porting: 'Advice of Transfer',
  prompts: 'Custom Prompts',
  seats: 'Seats',
  /** Sign-ins and sign-outs. */
  session: 'Sign-in',
  'sip-trunks': 'SIP Trunks',
  sms: 'SMS',
  /** The provider's rate deck (a provider admin's edit of a rate). */
  tariff: 'Tariff',
  /** The support page; a provider admin's edit of its settings. */
  support: 'Support',
  teams: 'Teams',
  'telephone-numbers': 'Telephone Numbers',
  /** A time profile's calendar entries (its Calendar tab). */
  'time-profile-calendars': 'Time Profile Calendars',
  'time-profiles': 'Time Profiles',
  users: 'User Manager',
  voicemail: 'Voicemail',
} as const satisfies Record<string, string>;

export type AreaId = keyof typeof AREA_NAMES;

/** An audit entry's action: '{area}.{verb}' ('users.create', 'ledger.adjustment'), or a session's own. */
export type AuditAction = `${AreaId}.${string}` | 'login' | 'logout';

/** The name of the area `id` as the panel shows it (an id no area declares, as it is). */
export function areaName(id: string): string {
  return Object.hasOwn(AREA_NAMES, id) ? AREA_NAMES[id as AreaId] : id;
}
