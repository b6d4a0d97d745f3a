/**
 * The provider's servers (/platform-servers, provider admins in their own account): the switch, the
 * media server and the recording server, each with its own credential, shown once when it is made
 * (added, or renewed: the old one stops working at once). A rename, enabling and disabling are
 * versioned saves; a delete ends the server's calls. Every change is a change event of the admin's.
 */
import {
  isProviderAdmin,
  MESSAGES,
  PLATFORM_SERVER_MESSAGES,
  type PlatformServer,
  platformServerRoutes,
  SERVER_ROLES,
  serverCredential,
} from '@switchboard/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuthContext } from '../../platform/auth.ts';
import { HttpError } from '../../platform/errors.ts';
import { type ChangeEvent, recordChange } from '../../platform/outbox.ts';
import type { Platform } from '../../platform/platform.ts';
import { openRoute } from '../../platform/routes.ts';
import { addPlatformServer, newServerSecret, serverRoute } from '../../platform/server-routes.ts';
import type { Tx } from '../../platform/tenancy.ts';

/** Provider admins acting in their own account (the provider's servers are no customer's). */
const providerAdmin = (auth: AuthContext) => isProviderAdmin(auth) && auth.puppeteer === null;

const nameInUse = () =>
  new HttpError(409, PLATFORM_SERVER_MESSAGES.nameInUse, { name: PLATFORM_SERVER_MESSAGES.nameInUse });

type Change = Omit<ChangeEvent, 'area'>;

/** A provider admin's work on the servers, in one transaction with its change event. */
function asAdmin<T>(
  platform: Platform,
  auth: AuthContext | null,
  request: FastifyRequest,
  work: (tx: Tx, emit: (event: Change) => Promise<void>) => Promise<T>,
): Promise<T> {
  if (!auth) throw new HttpError(401, MESSAGES.sessionRequired);
  return platform.tenancy.crossAccount('ingest', (tx) =>
    work(tx, (event) =>
      recordChange(tx, { accountNo: auth.homeAccountNo, userId: auth.userId }, request.ip, {
        area: 'platform-servers',
        ...event,
      }),
    ),
  );
}

async function nameTaken(tx: Tx, name: string, except?: number): Promise<boolean> {
  let query = tx
    .selectFrom('platform_servers')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()));
  if (except !== undefined) query = query.where('id', '<>', except);
  return (await query.executeTakeFirst()) !== undefined;
}

/** The server `id` locked for a change based on `version` (404, 409 stale). */
async function lockedServer(tx: Tx, id: number, version: number) {
  const row = await tx.selectFrom('platform_servers').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  if (!row) throw new HttpError(404, MESSAGES.recordNotFound);
  if (row.version !== version) throw new HttpError(409, MESSAGES.staleVersion);
  return row;
}

export function registerPlatformServerRoutes(api: FastifyInstance, platform: Platform): void {
  openRoute(api, platform, platformServerRoutes.list, {
    allow: providerAdmin,
    handler: async () => ({ records: await listServers(platform) }),
  });
  openRoute(api, platform, platformServerRoutes.create, {
    allow: providerAdmin,
    handler: ({ auth, request }, { body }) =>
      asAdmin(platform, auth, request, async (tx, emit) => {
        if (await nameTaken(tx, body.name)) throw nameInUse();
        const { id, credential } = await addPlatformServer(tx, body);
        await emit({ recordId: id, kind: 'create', label: body.name, after: body });
        return { success: true, message: PLATFORM_SERVER_MESSAGES.added, id, credential };
      }),
  });
  openRoute(api, platform, platformServerRoutes.update, {
    allow: providerAdmin,
    handler: ({ auth, request }, { params, body }) =>
      asAdmin(platform, auth, request, async (tx, emit) => {
        const before = await lockedServer(tx, params.id, body.version);
        if (await nameTaken(tx, body.name, params.id)) throw nameInUse();
        await tx
          .updateTable('platform_servers')
          .set({ name: body.name, enabled: body.enabled, version: before.version + 1 })
          .where('id', '=', params.id)
          .execute();
        const after = { name: body.name, enabled: body.enabled };
        await emit({
          recordId: params.id,
          kind: 'update',
          label: body.name,
          before: { name: before.name, enabled: before.enabled },
          after,
        });
        return { success: true, message: PLATFORM_SERVER_MESSAGES.saved };
      }),
  });
  registerCredentialRoutes(api, platform);
  serverRoute(api, platform, platformServerRoutes.self, {
    role: SERVER_ROLES,
    handler: async ({ server }) => server,
  });
}

/** A new secret for a server, and its delete. */
function registerCredentialRoutes(api: FastifyInstance, platform: Platform): void {
  openRoute(api, platform, platformServerRoutes.renew, {
    allow: providerAdmin,
    handler: ({ auth, request }, { params, body }) =>
      asAdmin(platform, auth, request, async (tx, emit) => {
        const before = await lockedServer(tx, params.id, body.version);
        const { secret, sha256 } = newServerSecret();
        await tx
          .updateTable('platform_servers')
          .set({ secret_sha256: sha256, rotated_at: new Date(), version: before.version + 1 })
          .where('id', '=', params.id)
          .execute();
        // The secret is never in an event: only that it changed.
        await emit({ recordId: params.id, kind: 'credential.renew', label: before.name });
        return {
          success: true,
          message: PLATFORM_SERVER_MESSAGES.renewed,
          id: params.id,
          credential: serverCredential(params.id, secret),
        };
      }),
  });
  openRoute(api, platform, platformServerRoutes.delete, {
    allow: providerAdmin,
    handler: ({ auth, request }, { params }) =>
      asAdmin(platform, auth, request, async (tx, emit) => {
        const gone = await tx
          .deleteFrom('platform_servers')
          .where('id', '=', params.id)
          .returning(['name', 'role'])
          .executeTakeFirst();
        if (!gone) throw new HttpError(404, MESSAGES.recordNotFound);
        await emit({ recordId: params.id, kind: 'delete', label: gone.name, before: gone });
        return { success: true, message: PLATFORM_SERVER_MESSAGES.deleted };
      }),
  });
}

async function listServers(platform: Platform): Promise<PlatformServer[]> {
  const rows = await platform.tenancy.crossAccount('ingest', (tx) =>
    tx
      .selectFrom('platform_servers')
      .select(['id', 'version', 'name', 'role', 'enabled', 'created_at', 'rotated_at'])
      .orderBy('name')
      .orderBy('id')
      .execute(),
  );
  return rows.map((r) => ({
    id: r.id,
    version: r.version,
    name: r.name,
    role: r.role,
    enabled: r.enabled,
    createdAt: r.created_at.toISOString(),
    rotatedAt: r.rotated_at?.toISOString() ?? null,
  }));
}
