/** Pickup groups (spec 2: /pickup-groups, permission pickupGroups, calls on /pickupgroups). */
import { z } from 'zod';
import { deleteBody, deleteReply, listAndReadRoutes } from '../contract.ts';
import { declareFields, field } from '../field-declarations.ts';
import { idParam, requiredText } from '../fields.ts';
import { listReplySchema, saveReply } from '../paging.ts';
import { taggedRoutes } from '../tagged-routes.ts';

export const PICKUP_GROUP_MESSAGES = {
  memberTwice: 'This destination is already part of this pickup group',
  selectMember: 'Please select an option',
  fetchFailed: 'Failed to retrieve data, please try again',
  /** Ours: a seat picks up in one group only. */
  inOtherGroup: (group: string) => `This seat is already part of the pickup group ${group}`,
} as const;

/**
 * The characters of a name a short code is made of: its letters and digits (a space, a dot or a
 * bracket cannot be dialled). A character class, shared with the server's SQL.
 */
export const SHORT_CODE_CHARACTERS = 'A-Za-z0-9';
const NOT_DIALLED = new RegExp(`[^${SHORT_CODE_CHARACTERS}]`, 'g');
/** Spec 2 §4: characters 6 to 8 of the name follow '*0#'. */
export const SHORT_CODE_FROM = 6;
export const SHORT_CODE_LENGTH = 3;

/**
 * Spec 2 §4: '*0#' plus characters 6 to 8 of the group's name — of its letters and digits only, so
 * that the code can be dialled ('Stores team' → '*0#ste', never '*0#s t').
 */
export function pickupShortCode(name: string): string {
  const from = SHORT_CODE_FROM - 1;
  return `*0#${name.replace(NOT_DIALLED, '').slice(from, from + SHORT_CODE_LENGTH)}`;
}

/** How the short code of `name` was derived (the panel's helper text under it). */
export function pickupShortCodeHelp(name: string): string {
  const rule = `characters ${SHORT_CODE_FROM} to ${SHORT_CODE_FROM + SHORT_CODE_LENGTH - 1}`;
  if (name.replace(NOT_DIALLED, '').length < SHORT_CODE_FROM) {
    return `Give the name at least ${SHORT_CODE_FROM} letters or digits: the short code is *0# and ${rule} of them`;
  }
  return `Dial ${pickupShortCode(name)} to pick up a call ringing in this group: *0# and ${rule} of the name, counting only its letters and digits`;
}

/** Every field of a pickup group, once (field-declarations.ts): the input, the record, the server's map, the forms. */
export const pickupGroupFields = declareFields({
  name: field(requiredText({ max: 100 }), { label: 'Name', sortable: true, searchable: true }),
});

export const pickupGroupInput = z.object(pickupGroupFields.shape);
export type PickupGroupInput = z.input<typeof pickupGroupInput>;

export const pickupGroupRecord = z.object({
  id: z.number().int(),
  /** Spec 2 §3 names the id grouppickupId too. */
  grouppickupId: z.number().int(),
  version: z.number().int(),
  ...pickupGroupFields.recordShape,
  /** Dialled to pick up a call ringing in the group (read-only). */
  shortCode: z.string(),
  memberCount: z.number().int(),
});
export type PickupGroup = z.infer<typeof pickupGroupRecord>;

/** A member: a seat, by its SIP name ('30000*201'), and its nickname. */
export const pickupMemberRecord = z.object({
  id: z.number().int(),
  groupId: z.number().int(),
  name: z.string(),
  extension: z.number().int(),
  nickname: z.string(),
});
export type PickupMember = z.infer<typeof pickupMemberRecord>;

/** POST members: the seats' names (at least one). */
export const pickupMembersInput = z.object({
  names: z
    .array(z.string().trim().min(1, { error: PICKUP_GROUP_MESSAGES.selectMember }).max(40))
    .min(1, { error: PICKUP_GROUP_MESSAGES.selectMember })
    .max(200),
});
export type PickupMembersInput = z.input<typeof pickupMembersInput>;

const tag = 'pickup-groups';
const { delete: del, get, patch, post } = taggedRoutes(tag);
const PATH = '/pickupgroups';

/** Spec 2 §7 "Pickup groups". */
export const pickupGroupRoutes = {
  ...listAndReadRoutes(PATH, pickupGroupRecord, tag),
  create: post(PATH, { body: pickupGroupInput, reply: saveReply }),
  rename: patch(`${PATH}/:id/name`, { params: idParam, body: pickupGroupInput, reply: saveReply }),
  remove: del(`${PATH}/:id`, { params: idParam, reply: saveReply }),
  removeMany: del(PATH, { body: deleteBody, reply: deleteReply }),
  members: get(`${PATH}/:id/members`, { params: idParam, reply: listReplySchema(pickupMemberRecord) }),
  addMembers: post(`${PATH}/:id/members`, { params: idParam, body: pickupMembersInput, reply: saveReply }),
  removeMembers: del(`${PATH}/members`, { body: deleteBody, reply: deleteReply }),
};
