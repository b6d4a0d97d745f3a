/**
 * The SIP credentials of a seat or a trunk: shown on request (never in lists or reads) and reset
 * to a new random secret, which drops the current registration so the device must register again.
 */
import { idParam, type Resource } from '@switchboard/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import type { DB } from '../db/database.ts';
import { audit } from './audit.ts';
import { requirePermission } from './auth.ts';
import { notFound } from './errors.ts';
import { newSecret } from './secrets.ts';

export interface SipCredentialsOptions {
  /** '/seat' or '/trunk': the routes are {path}/:id/password and {path}/:id/password/reset. */
  path: string;
  table: 'seats' | 'sip_trunks';
  /** The registrar's table and its key column. */
  registrations: { table: 'seat_registrations' | 'trunk_registrations'; key: 'seat_id' | 'trunk_id' };
  resource: Resource;
  tags: string[];
  resetMessage: string;
}

export function registerSipCredentialRoutes(app: FastifyInstance, db: DB, options: SipCredentialsOptions): void {
  const { path, table, registrations, resource, tags, resetMessage } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();

  const own = async (accountNo: number, id: number) => {
    const { rows } = await sql<{ name: string; secret: string }>`
      select name, secret from ${sql.table(table)} where id = ${id} and account_no = ${accountNo}`.execute(db);
    const row = rows[0];
    if (!row) throw notFound();
    return row;
  };

  r.get(
    `${path}/:id/password`,
    { schema: { tags, params: idParam, response: { 200: z.object({ username: z.string(), secret: z.string() }) } } },
    async (request) => {
      const auth = requirePermission(request, { resource, action: 'update' });
      const row = await own(auth.accountNo, request.params.id);
      return { username: row.name, secret: row.secret };
    },
  );

  r.get(
    `${path}/:id/password/reset`,
    {
      schema: {
        tags,
        params: idParam,
        response: { 200: z.object({ success: z.boolean(), message: z.string(), secret: z.string() }) },
      },
    },
    async (request) => {
      const auth = requirePermission(request, { resource, action: 'update' });
      const id = request.params.id;
      const row = await own(auth.accountNo, id);
      const secret = newSecret();
      await db.transaction().execute(async (trx) => {
        await sql`update ${sql.table(table)} set secret = ${secret}
          where id = ${id} and account_no = ${auth.accountNo}`.execute(trx);
        await sql`delete from ${sql.table(registrations.table)} where ${sql.ref(registrations.key)} = ${id}`.execute(
          trx,
        );
        await audit(trx, {
          userId: auth.userId,
          accountNo: auth.accountNo,
          action: `${table}.secret.reset`,
          details: { id, name: row.name },
          ip: request.ip,
        });
      });
      return { success: true, message: resetMessage, secret };
    },
  );
}
