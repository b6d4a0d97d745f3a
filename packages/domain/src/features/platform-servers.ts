/**
 * The provider's servers (issue 28): the switch, the media server and the recording server call the
 * API without a user — the switch posts its call records, the media server deposits voicemail, the
 * recording server its recordings. Each server has its own credential (`Server <id>.<secret>` in
 * the Authorization header), shown once when the server is added or its secret renewed, and allowed
 * only the calls of its role. Provider admins manage them (/platform-servers).
 */
import { z } from 'zod';
import { route, versionedRecordFields } from '../contract.ts';
import { declareFields, field, flag } from '../field-declarations.ts';
import { idParam, requiredText } from '../fields.ts';
import { saveReply } from '../paging.ts';

/** What a server may call: its role. */
export const SERVER_ROLES = ['switch', 'media', 'recording'] as const;
export type ServerRole = (typeof SERVER_ROLES)[number];

export const SERVER_ROLE_OPTIONS = [
  { value: 'switch', label: 'Switch (call records)' },
  { value: 'media', label: 'Media server (voicemail)' },
  { value: 'recording', label: 'Recording server (call recordings)' },
] as const satisfies ReadonlyArray<{ value: ServerRole; label: string }>;

export const PLATFORM_SERVER_MESSAGES = {
  // Ours: the spec has no servers of its own.
  credentials: 'Server credentials are missing or wrong',
  wrongRole: 'This server may not make this call',
  nameInUse: 'A server with this name already exists',
  role: 'Please select a role',
  added: 'Server added. Copy its credential now: it is not shown again.',
  renewed: 'New credential made. Copy it now: it is not shown again. The old one no longer works.',
  saved: 'Server saved',
  deleted: 'Server deleted',
} as const;

/** The Authorization scheme of a server's calls: `Server <id>.<secret>`. */
export const SERVER_SCHEME = 'Server';

/** A credential's text from its server's id and secret. */
export const serverCredential = (id: number, secret: string) => `${SERVER_SCHEME} ${id}.${secret}`;

export const platformServerFields = declareFields({
  name: field(requiredText({ max: 50 }), { label: 'Name', sortable: true }),
  role: field(z.enum(SERVER_ROLES, { error: PLATFORM_SERVER_MESSAGES.role }), {
    label: 'Role',
    options: SERVER_ROLE_OPTIONS,
    createOnly: true,
    record: z.enum(SERVER_ROLES),
  }),
  enabled: flag(true, { label: 'Enabled' }),
});

export const platformServerCreateInput = z.object(platformServerFields.createShape);
export type PlatformServerCreateInput = z.input<typeof platformServerCreateInput>;
export const platformServerInput = z.object(platformServerFields.shape);
export type PlatformServerInput = z.input<typeof platformServerInput>;
export const platformServerRecord = z.object({
  ...versionedRecordFields,
  ...platformServerFields.recordShape,
  createdAt: z.string(),
  rotatedAt: z.string().nullable(),
});
export type PlatformServer = z.infer<typeof platformServerRecord>;

/** A new credential's reply: the Authorization header's value, shown once. */
export const credentialReply = saveReply.extend({ id: z.number().int(), credential: z.string() });
export type CredentialReply = z.infer<typeof credentialReply>;

const tag = 'platform-servers';
const versionBody = z.object({ version: z.number().int() });

export const platformServerRoutes = {
  list: route({
    method: 'GET',
    path: '/platformservers',
    reply: z.object({ records: z.array(platformServerRecord) }),
    tag,
  }),
  create: route({
    method: 'POST',
    path: '/platformservers',
    body: platformServerCreateInput,
    reply: credentialReply,
    tag,
  }),
  update: route({
    method: 'PUT',
    path: '/platformservers/:id',
    params: idParam,
    body: platformServerInput.extend(versionBody.shape),
    reply: saveReply,
    tag,
  }),
  /** A new secret (the old one stops working at once). */
  renew: route({
    method: 'POST',
    path: '/platformservers/:id/credential',
    params: idParam,
    body: versionBody,
    reply: credentialReply,
    tag,
  }),
  delete: route({ method: 'DELETE', path: '/platformservers/:id', params: idParam, reply: saveReply, tag }),
  /** A server's own check of its credential (any role): who it is to the panel. */
  self: route({
    method: 'GET',
    path: '/platformservers/self',
    reply: z.object({ id: z.number().int(), name: z.string(), role: z.enum(SERVER_ROLES) }),
    tag,
  }),
};
