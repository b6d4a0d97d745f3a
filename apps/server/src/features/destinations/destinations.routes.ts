/**
 * Destination choices (spec 2 §7 '/destinations'): every routable object of the account whose area
 * the session may read (a user without read on seats is not shown the seats' names).
 */
import { destinationOption, listParams } from '@switchboard/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type AuthContext, requireAuth } from '../../platform/auth.ts';
import type { Platform } from '../../platform/platform.ts';

export function registerDestinationRoutes(app: FastifyInstance, { db, destinations }: Platform): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const reply = z.object({ records: z.array(destinationOption), totalRecords: z.number(), lastPage: z.boolean() });
  const all = async (auth: AuthContext) => {
    const records = await destinations.list(db, auth.accountNo, auth);
    return { records, totalRecords: records.length, lastPage: true };
  };
  r.get('/destinations', { schema: { tags: ['destinations'], response: { 200: reply } } }, async (request) =>
    all(requireAuth(request)),
  );
  r.post(
    '/destinations/:offset/:limit',
    { schema: { tags: ['destinations'], params: listParams, response: { 200: reply } } },
    async (request) => all(requireAuth(request)),
  );
}
