/**
 * The permission model of spec 1 §6: a per-feature 4-bit mask in the session.
 * create = odd values; read = 2,3,6,7,10,11,14,15; update = 4-7,12-15; delete = 8-15.
 * The same `can()` decides what the web shows and what the server allows.
 */

/** Feature ids of spec 1 §6 (plus the beta-panel feature 7 needed to use the panel). */
export const FEATURES = {
  store: 6,
  betaPanel: 7,
  wholesaleCustomers: 1002,
  wholesaleAdmin: 1006,
  account: 2001,
  numbers: 2004,
  queues: 2008,
  seats: 2009,
  users: 2010,
  voicemail: 2011,
  admin: 2012,
  sipTrunks: 2013,
  dashboard: 2017,
  cdr: 2018,
  callGroups: 2020,
  timeProfile: 2021,
  ivr: 2025,
  conference: 2026,
  prompts: 2027,
  callRecordings: 2028,
  pickupGroups: 2029,
  spy: 2031,
  notification: 2032,
  musicOnHold: 2033,
  acl: 2034,
  callbacks: 2037,
  mobile: 2038,
  seatsCallRestrictions: 2040,
  sipTrunksCallRestrictions: 2041,
  dialThrough: 2042,
  paypal: 2043,
  teams: 2044,
  integrations: 2046,
  bundles: 2047,
  highRisk: 2048,
  outboundCLILists: 2049,
  directDebit: 2050,
  /**
   * Ids the spec does not give (NTS, LDAP / phone directory, softphone, control-panel admin).
   * Ours, chosen outside the spec's numbering so they can never collide with a documented id.
   */
  externalExt: 5001,
  ldap: 5002,
  softphone: 5003,
  ntsCallRestrictions: 5004,
  cpAdmin: 5005,
  postpay: 9005,
  prepay: 9006,
  wholesale: 9004,
  retail: 9999,
  vhCustomers: 3002,
  vhAdmin: 3006,
} as const;

export type FeatureName = keyof typeof FEATURES;
export type FeatureId = (typeof FEATURES)[FeatureName];
export type Action = 'create' | 'read' | 'update' | 'delete';
/** Feature id (as a string key, the session's JSON shape) to numeric mask. */
export type PermissionMap = Record<string, number>;

export const MASK = { create: 1, read: 2, update: 4, delete: 8, all: 15, readOnly: 2 } as const;

/** Decode one action from a 4-bit mask, exactly as the spec's table says. */
export function maskAllows(mask: number | undefined, action: Action): boolean {
  if (mask === undefined || !Number.isInteger(mask) || mask < 0 || mask > 15) return false;
  switch (action) {
    case 'create':
      return mask % 2 === 1;
    case 'read':
      return [2, 3, 6, 7, 10, 11, 14, 15].includes(mask);
    case 'update':
      return (mask >= 4 && mask <= 7) || (mask >= 12 && mask <= 15);
    case 'delete':
      return mask >= 8 && mask <= 15;
  }
}

/** The permission resources of spec 1 §6 and spec 2 §6, each mapped to its feature id. */
export const RESOURCES = {
  prepay: FEATURES.prepay,
  postpay: FEATURES.postpay,
  wholesale: FEATURES.wholesale,
  retail: FEATURES.retail,
  paypal: FEATURES.paypal,
  acl: FEATURES.acl,
  admin: FEATURES.admin,
  VHAdmin: FEATURES.vhAdmin,
  callGroups: FEATURES.callGroups,
  spy: FEATURES.spy,
  queues: FEATURES.queues,
  callRecordings: FEATURES.callRecordings,
  highRisk: FEATURES.highRisk,
  dialThrough: FEATURES.dialThrough,
  wholesaleAdmin: FEATURES.wholesaleAdmin,
  wholesaleCustomers: FEATURES.wholesaleCustomers,
  VHCustomers: FEATURES.vhCustomers,
  IVR: FEATURES.ivr,
  ldap: FEATURES.ldap,
  seats: FEATURES.seats,
  numbers: FEATURES.numbers,
  externalExt: FEATURES.externalExt,
  SIPTrunks: FEATURES.sipTrunks,
  timeprofile: FEATURES.timeProfile,
  account: FEATURES.account,
  bundles: FEATURES.bundles,
  cdr: FEATURES.cdr,
  conference: FEATURES.conference,
  prompts: FEATURES.prompts,
  voicemail: FEATURES.voicemail,
  cpUsers: FEATURES.users,
  cpAdmin: FEATURES.cpAdmin,
  mobile: FEATURES.mobile,
  pickupGroups: FEATURES.pickupGroups,
  softphone: FEATURES.softphone,
  outboundCLILists: FEATURES.outboundCLILists,
  seatsCallRestrictions: FEATURES.seatsCallRestrictions,
  SIPTrunksCallRestrictions: FEATURES.sipTrunksCallRestrictions,
  ntsCallRestrictions: FEATURES.ntsCallRestrictions,
  notification: FEATURES.notification,
  musicOnHold: FEATURES.musicOnHold,
  directDebit: FEATURES.directDebit,
  integrations: FEATURES.integrations,
  teams: FEATURES.teams,
  store: FEATURES.store,
  dashboard: FEATURES.dashboard,
  betaPanel: FEATURES.betaPanel,
} as const;

export type Resource = keyof typeof RESOURCES;

/** Account-type resources: describe what the account is, so admin rights never stand in for them. */
const ACCOUNT_TYPE_RESOURCES: ReadonlySet<Resource> = new Set([
  'prepay',
  'postpay',
  'wholesale',
  'retail',
  'admin',
  'VHAdmin',
  'betaPanel',
]);

export interface PermissionHolder {
  permissions: PermissionMap;
}

function maskOf(permissions: PermissionMap, id: number): number | undefined {
  return permissions[String(id)];
}

/** Strict check of one resource, without the admin / VHAdmin allowance. */
export function hasExactly(holder: PermissionHolder, resource: Resource, action: Action): boolean {
  const perms = holder.permissions;
  if (resource === 'retail') {
    // Retail (9999) counts as allowed only when wholesale (9004) is absent.
    if (maskOf(perms, FEATURES.wholesale) !== undefined) return false;
  }
  return maskAllows(maskOf(perms, RESOURCES[resource]), action);
}

/**
 * Whether the session may perform `action` on `resource`. Most areas also allow admin and VHAdmin
 * (spec 2 §6): an admin or VHAdmin mask granting the action stands in for the feature's own mask,
 * except for the account-type resources.
 */
export function can(holder: PermissionHolder, resource: Resource, action: Action): boolean {
  if (hasExactly(holder, resource, action)) return true;
  if (ACCOUNT_TYPE_RESOURCES.has(resource)) return false;
  return hasExactly(holder, 'admin', action) || hasExactly(holder, 'VHAdmin', action);
}

/** Access to the panel at all requires read on the beta-panel feature (id 7). */
export function hasPanelAccess(holder: PermissionHolder): boolean {
  return hasExactly(holder, 'betaPanel', 'read');
}

export function isProviderAdmin(holder: PermissionHolder): boolean {
  return hasExactly(holder, 'VHAdmin', 'read');
}

/** The two grants every new control-panel user receives (spec 1 §6). */
export const NEW_USER_GRANTS: ReadonlyArray<{ featureId: number; mask: number }> = [
  { featureId: FEATURES.integrations, mask: 15 },
  { featureId: FEATURES.betaPanel, mask: 2 },
];

/** Account type to the feature id that marks it in the session. */
export const ACCOUNT_TYPE_FEATURE = {
  prepay: FEATURES.prepay,
  postpay: FEATURES.postpay,
  wholesale: FEATURES.wholesale,
  retail: FEATURES.retail,
} as const;

/**
 * A wholesale account (spec 1 §6: pricing hidden, no balance alert): the account's kind, or the
 * wholesale feature its session carries (an account type: never an admin's stand-in).
 */
export function isWholesale(holder: PermissionHolder & { accountKind?: string }): boolean {
  return holder.accountKind === 'wholesale' || can(holder, 'wholesale', 'read');
}

/**
 * Spec 3 §6: international numbers (stock, addresses, proofs) are for wholesale accounts and provider
 * admins only, with the numbers permission for the action.
 */
export function canUseInternational(holder: PermissionHolder & { accountKind?: string }, action: Action): boolean {
  return (isWholesale(holder) || isProviderAdmin(holder)) && can(holder, 'numbers', action);
}
