/**
 * Routes for the provider's own servers (issue 28): the switch, the media server and the recording
 * server call without a user, each with its own credential — `Authorization: Server <id>.<secret>`
 * — checked against `platform_servers` (the secret's SHA-256, compared in constant time) before the
 * body is read. A missing or wrong credential, or a disabled server, is 401; a server of another
 * role 403; either way nothing is stored. The handler opens the transactions it needs: the tenancy
 * of the item's account (`platform.tenancy.tenant`), or the escape hatch named 'ingest' to find it.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  PLATFORM_SERVER_MESSAGES,
  type RouteContract,
  type RouteReplyIn,
  SERVER_SCHEME,
  type ServerRole,
  serverCredential,
} from '@switchboard/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ColumnType, Generated } from 'kysely';
import { HttpError } from './errors.ts';
import type { Platform } from './platform.ts';
import { type RouteInput, registerRoute } from './routes.ts';
import type { Tx } from './tenancy.ts';

export interface PlatformServersTable {
  id: Generated<number>;
  name: string;
  role: ServerRole;
  secret_sha256: Buffer;
  enabled: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: ColumnType<Date, Date | string | undefined, never>;
  rotated_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  version: ColumnType<number, number | undefined, number>;
}

declare module '../db/schema.ts' {
  interface Database {
    platform_servers: PlatformServersTable;
  }
}

/** The server a call came from. */
export interface CallingServer {
  id: number;
  name: string;
  role: ServerRole;
}

export interface ServerCtx {
  server: CallingServer;
  platform: Platform;
  request: FastifyRequest;
  reply: FastifyReply;
}

export interface ServerRouteOptions<R extends RouteContract> {
  /** The role of the servers that may call it (or the roles). */
  role: ServerRole | readonly ServerRole[];
  /** The largest body it takes, in bytes (the app's default is 1,000,000). */
  bodyLimit?: number;
  /** A multipart upload's field and what it takes, for the API document. */
  upload?: string;
  handler: (ctx: ServerCtx, input: RouteInput<R>) => Promise<RouteReplyIn<R>>;
}

/** A new secret: 32 random bytes as base64url (43 characters), and the SHA-256 the table keeps. */
export function newServerSecret(): { secret: string; sha256: Buffer } {
  const secret = randomBytes(32).toString('base64url');
  return { secret, sha256: sha256(secret) };
}

/**
 * Adds a server and answers its credential (the Authorization header's value). `secret`: a fixed one
 * (the demo's, documented for the full stack); else a new one.
 */
export async function addPlatformServer(
  tx: Tx,
  server: { name: string; role: ServerRole; enabled?: boolean; secret?: string },
): Promise<{ id: number; credential: string }> {
  const secret = server.secret ?? newServerSecret().secret;
  const { id } = await tx
    .insertInto('platform_servers')
    .values({ name: server.name, role: server.role, enabled: server.enabled ?? true, secret_sha256: sha256(secret) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id, credential: serverCredential(id, secret) };
}

/** Whether `secret` is the one whose SHA-256 is `stored` (a constant-time compare). */
export function secretMatches(stored: Buffer, secret: string): boolean {
  return stored.length === 32 && timingSafeEqual(stored, sha256(secret));
}

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest();

const CREDENTIAL = new RegExp(`^${SERVER_SCHEME} ([1-9][0-9]{0,8})\\.([A-Za-z0-9_-]{20,100})$`);
const refused = () => new HttpError(401, PLATFORM_SERVER_MESSAGES.credentials);

/** The server whose credential an Authorization header carries, of `role` (401 / 403 otherwise). */
export async function callingServer(
  platform: Platform,
  authorization: string | undefined,
  role: ServerRole | readonly ServerRole[],
): Promise<CallingServer> {
  const [, id, secret] = CREDENTIAL.exec(authorization?.trim() ?? '') ?? [];
  if (id === undefined || secret === undefined) throw refused();
  const row = await platform.tenancy.crossAccount('ingest', (tx) =>
    tx
      .selectFrom('platform_servers')
      .select(['id', 'name', 'role', 'secret_sha256', 'enabled'])
      .where('id', '=', Number(id))
      .executeTakeFirst(),
  );
  // The hash is compared even for an unknown id, so the reply's timing does not tell which ids exist.
  const expected = row?.secret_sha256 ?? Buffer.alloc(32);
  const matches = secretMatches(expected, secret);
  if (!row || !matches || !row.enabled) throw refused();
  if (!(typeof role === 'string' ? [role] : role).includes(row.role))
    throw new HttpError(403, PLATFORM_SERVER_MESSAGES.wrongRole);
  return { id: row.id, name: row.name, role: row.role };
}

/** A route the provider's `role` servers call (never a user's session: a session is refused as a server's would be). */
export function serverRoute<R extends RouteContract>(
  api: FastifyInstance,
  platform: Platform,
  contract: R,
  options: ServerRouteOptions<R>,
): void {
  registerRoute(api, contract, {
    guard: () => undefined,
    access: { server: typeof options.role === 'string' ? [options.role] : options.role },
    changesState: true,
    // The credential is checked before the body is parsed: a stranger's upload is not read at all.
    onRequest: async (request) => {
      request.callingServer = await callingServer(platform, request.headers.authorization, options.role);
    },
    ...(options.bodyLimit === undefined ? {} : { bodyLimit: options.bodyLimit }),
    ...(options.upload === undefined ? {} : { upload: options.upload }),
    handler: async (request, reply) => {
      const server = request.callingServer;
      if (!server) throw refused();
      return options.handler({ server, platform, request, reply }, inputOf<R>(request));
    },
  });
}

function inputOf<R extends RouteContract>(request: FastifyRequest): RouteInput<R> {
  return { params: request.params, query: request.query, body: request.body } as RouteInput<R>;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The provider's server a server route's call came from (checked in onRequest). */
    callingServer?: CallingServer;
  }
}
