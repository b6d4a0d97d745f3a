/**
 * The SIP credentials of a seat or a trunk: shown on request (never in lists or reads) and reset
 * to a new random secret, which drops the current registrations so the device must register again.
 */
import type { RouteContract } from '@switchboard/domain';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { notFound } from '../../platform/errors.ts';
import type { Platform } from '../../platform/platform.ts';
import type { ResourceHandle } from '../../platform/resources.ts';
import { tenantRoute } from '../../platform/routes.ts';
import { newSecret } from '../../platform/secrets.ts';

export interface SipCredentialsOptions {
  routes: { password: RouteContract; resetPassword: RouteContract };
  // biome-ignore lint/suspicious/noExplicitAny: a seat's or a trunk's resource.
  resource: ResourceHandle<any, any, any>;
  /** The registrar's table and its key column. */
  registrations: { table: 'seat_registrations' | 'trunk_registrations'; key: 'seat_id' | 'trunk_id' };
  resetMessage: string;
}

export function sipCredentials(api: FastifyInstance, platform: Platform, options: SipCredentialsOptions): void {
  const { resource, registrations } = options;
  const table = resource.def.table;
  const credentials = async (tx: Parameters<typeof resource.lock>[0], id: number) => {
    const { rows } = await sql<{ name: string; secret: string }>`
      select name, secret from ${sql.table(table)} where id = ${id}`.execute(tx);
    const row = rows[0];
    if (!row) throw notFound();
    return row;
  };

  tenantRoute(api, platform, options.routes.password, {
    allow: resource.rules('update'),
    handler: async ({ db }, { params }) => {
      const id = (params as { id: number }).id;
      await resource.read(db, id);
      const row = await credentials(db, id);
      return { username: row.name, secret: row.secret };
    },
  });

  tenantRoute(api, platform, options.routes.resetPassword, {
    allow: resource.rules('update'),
    // A GET that changes state (the spec's call): a write transaction.
    readOnly: false,
    handler: async (ctx, { params }) => {
      const id = (params as { id: number }).id;
      await resource.lock(ctx.db, id);
      const secret = newSecret();
      await sql`update ${sql.table(table)} set secret = ${secret} where id = ${id}`.execute(ctx.db);
      await sql`delete from ${sql.table(registrations.table)} where ${sql.ref(registrations.key)} = ${id}`.execute(
        ctx.db,
      );
      await ctx.emit({ area: resource.def.area, recordId: id, kind: 'secret.reset' });
      return { success: true, message: options.resetMessage, secret };
    },
  });
}
