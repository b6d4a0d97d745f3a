/** New control-panel user (spec 1 §3, §5, §6; spec 2 §5 "New user"). */
import { z } from 'zod';
import { resourceRoutes, route, versionedRecordFields } from '../contract.ts';
import { declareFields, field } from '../field-declarations.ts';
import { email, idParam, recordId, requiredText } from '../fields.ts';
import { saveReply } from '../paging.ts';
import { PATTERNS } from '../patterns.ts';
import { FEATURES } from '../permissions.ts';

const personName = { pattern: /^[A-Za-z][A-Za-z '-]*$/, message: 'Please enter a valid name' };

/** Every stored field of a control-panel user, once (field-declarations.ts): the inputs, the record, the server's map, the forms. */
export const userFields = declareFields({
  /** Fixed once created. */
  username: field(requiredText({ pattern: PATTERNS.username }), {
    label: 'Username',
    sortable: true,
    searchable: true,
    createOnly: true,
  }),
  name: field(requiredText({ max: 45, pattern: personName }), {
    label: 'First Name',
    sortable: true,
    searchable: true,
  }),
  surname: field(requiredText({ max: 45, pattern: personName }), {
    label: 'Last Name',
    sortable: true,
    searchable: true,
  }),
  email: field(email(100), { label: 'Email', inputType: 'email', sortable: true, searchable: true }),
  enabled: field(z.boolean(), { label: 'Enabled', sortable: true, filterable: true }),
});

const { name, surname, username, email: emailField } = userFields.createShape;

export const newUserBody = z.object({
  name,
  surname,
  username,
  email: emailField,
  accountNo: recordId(),
  enabled: z.boolean().default(true),
  /**
   * Spec 1 §3 names the new user's permission grants `saveUserPermissions`: clients send a boolean
   * or the grants list. Either way the server applies exactly the two fixed grants of spec 1 §6
   * (feature 2046 mask 15, feature 7 mask 2) and ignores the list's contents, so no one can grant
   * permissions through it; only `false` means no grants. Parsed to that boolean.
   */
  saveUserPermissions: z
    .union([z.boolean(), z.array(z.unknown()).max(100)])
    .default(true)
    .transform((v) => v !== false),
});
export type NewUserBody = z.infer<typeof newUserBody>;

/** A control-panel user of the account (/user-manager). */
export const userRecord = z.object({
  ...versionedRecordFields,
  ...userFields.recordShape,
  /** The account holder: always enabled, with the account's full grants. */
  isHolder: z.boolean(),
  /** The last sign-in, ISO 8601, or ''. */
  lastSignIn: z.string(),
  /**
   * An e-mail address the user's address is to change to once the old address confirms it (a link
   * mailed there), or ''. Until then `email` stays the old one.
   */
  pendingEmail: z.string(),
});
export type User = z.infer<typeof userRecord>;

/** What the user manager edits (the username is fixed once created). */
export const userInput = z.object(userFields.shape);
export type UserInput = z.input<typeof userInput>;

export const USER_MESSAGES = {
  disableSelf: 'You cannot disable your own user',
  disableHolder: 'The account holder cannot be disabled',
  ownGrants: 'You cannot change your own permissions',
  holderGrants: "The account holder's permissions cannot be changed",
  grantMore: (feature: string) => `You cannot grant more than you hold: ${feature}`,
  removeMore: (feature: string) => `You cannot remove a permission you do not hold: ${feature}`,
  notGrantable: (feature: string) => `${feature} cannot be granted to a user`,
  permissionsSaved: (name: string) => `The permissions of ${name} have been updated`,
  /** Sign-in details (e-mail, password) of users the editor may not take over (issue 24). */
  holderCredentials: "Only the account holder can change the account holder's e-mail address or password",
  moreGrantsCredentials:
    'You cannot change the e-mail address or password of a user who holds permissions you do not have',
  /** Nor disable them, nor take away a permission the editor lacks: no locking out one's betters. */
  moreGrantsDisable: 'You cannot disable a user who holds permissions you do not have',
  /** An e-mail change waits for the old address's confirmation. */
  updatedPendingEmail: (name: string) =>
    `${name} has been updated. The new e-mail address applies once confirmed from the old address, which we have e-mailed.`,
  emailPending: (email: string) => `E-mail change to ${email} pending confirmation from the old address`,
  emailConfirmed: (email: string) => `The e-mail address has been changed to ${email}.`,
} as const;

/**
 * The features a user may be granted, with their names in the user manager. The account-type flags
 * (prepay, postpay, wholesale, retail) come from the account, and the provider's own features (admin,
 * VH admin and customers, control-panel admin) are never granted from an account: neither is listed.
 */
export const GRANTABLE_FEATURES: ReadonlyArray<{ id: number; label: string }> = [
  { id: FEATURES.account, label: 'Account' },
  { id: FEATURES.dashboard, label: 'Dashboard' },
  { id: FEATURES.users, label: 'Control-Panel Users' },
  { id: FEATURES.notification, label: 'Notifications' },
  { id: FEATURES.bundles, label: 'Bundles' },
  { id: FEATURES.directDebit, label: 'Direct Debit' },
  { id: FEATURES.paypal, label: 'PayPal' },
  { id: FEATURES.seats, label: 'Seats' },
  { id: FEATURES.seatsCallRestrictions, label: 'Seat Call Restrictions' },
  { id: FEATURES.softphone, label: 'Softphones' },
  { id: FEATURES.voicemail, label: 'Voicemail' },
  { id: FEATURES.sipTrunks, label: 'SIP Trunks' },
  { id: FEATURES.sipTrunksCallRestrictions, label: 'SIP Trunk Call Restrictions' },
  { id: FEATURES.numbers, label: 'Telephone Numbers' },
  { id: FEATURES.mobile, label: 'Mobile Numbers' },
  { id: FEATURES.timeProfile, label: 'Time Profiles' },
  { id: FEATURES.callGroups, label: 'Call Groups' },
  { id: FEATURES.queues, label: 'Call Queues' },
  { id: FEATURES.ivr, label: 'IVR Menus' },
  { id: FEATURES.externalExt, label: 'NTS Destinations' },
  { id: FEATURES.ntsCallRestrictions, label: 'NTS Call Restrictions' },
  { id: FEATURES.pickupGroups, label: 'Pickup Groups' },
  { id: FEATURES.dialThrough, label: 'Dial Through' },
  { id: FEATURES.spy, label: 'Call Monitoring' },
  { id: FEATURES.conference, label: 'Conferencing' },
  { id: FEATURES.acl, label: 'Access Lists' },
  { id: FEATURES.highRisk, label: 'International and High-Risk Calls' },
  { id: FEATURES.outboundCLILists, label: 'Outbound CLI Lists' },
  { id: FEATURES.prompts, label: 'Custom Prompts' },
  { id: FEATURES.musicOnHold, label: 'Music On Hold' },
  { id: FEATURES.cdr, label: 'Call Records' },
  { id: FEATURES.callRecordings, label: 'Call Recordings' },
  { id: FEATURES.callbacks, label: 'Callbacks' },
  { id: FEATURES.teams, label: 'Microsoft Teams' },
  { id: FEATURES.integrations, label: 'Integrations' },
  { id: FEATURES.ldap, label: 'Phone Directory (LDAP)' },
  { id: FEATURES.store, label: 'Store' },
  { id: FEATURES.betaPanel, label: 'Control Panel' },
  { id: FEATURES.wholesaleCustomers, label: 'Wholesale Customers' },
  { id: FEATURES.wholesaleAdmin, label: 'Wholesale Admin' },
];

/** One feature's grant: the spec's 4-bit mask (create 1, read 2, update 4, delete 8). */
export const grant = z.object({
  featureId: z.number().int(),
  mask: z.number().int().min(0).max(15),
});
export type Grant = z.infer<typeof grant>;
export const grantsBody = z.object({ grants: z.array(grant).max(100) });
export type GrantsBody = z.infer<typeof grantsBody>;
/** The user's grants, and what the caller may grant (their own masks over the grantable features). */
export const grantsReply = z.object({ grants: z.array(grant), grantable: z.array(grant) });
export type GrantsReply = z.infer<typeof grantsReply>;

/** /user-manager: the account's users (create is POST /users of spec 1 §7). */
export const userRoutes = {
  ...resourceRoutes('/users', { tag: 'users', record: userRecord, input: userInput, create: newUserBody }),
  permissions: route({
    method: 'GET',
    path: '/users/:id/permissions',
    params: idParam,
    reply: grantsReply,
    tag: 'users',
  }),
  savePermissions: route({
    method: 'PUT',
    path: '/users/:id/permissions',
    params: idParam,
    body: grantsBody,
    reply: saveReply,
    tag: 'users',
  }),
};
