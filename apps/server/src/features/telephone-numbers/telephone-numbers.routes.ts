/**
 * Routes of allocated telephone numbers (/numbering/allocated). So far: the numbers' references
 * (a number's destination is a use of the seat / trunk / time profile it routes to) and the
 * caller-ID choices. The list, detail, emergency data and /ems-errors routes are still to come.
 */
import { can } from '@switchboard/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../platform/auth.ts';
import { forbidden } from '../../platform/errors.ts';
import type { Platform } from '../../platform/platform.ts';

export function registerTelephoneNumberRoutes(app: FastifyInstance, { db, references }: Platform): void {
  references.add({
    kind: 'destination',
    table: 'telephone_numbers',
    column: 'destination',
    type: 'Telephone Number',
    name: "telephone_numbers.number || case when telephone_numbers.nickname <> '' then ' (' || telephone_numbers.nickname || ')' else '' end",
  });

  // The account's numbers a seat or trunk may present (spec 2 §7: records of name and number).
  app.withTypeProvider<ZodTypeProvider>().post(
    '/numbering/allocated/callerids',
    {
      schema: {
        tags: ['telephone-numbers'],
        response: { 200: z.object({ records: z.array(z.object({ name: z.string(), number: z.string() })) }) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      if (!(['seats', 'SIPTrunks', 'numbers'] as const).some((r) => can(auth, r, 'read'))) throw forbidden();
      const rows = await db
        .selectFrom('telephone_numbers')
        .select(['number', 'nickname'])
        .where('account_no', '=', auth.accountNo)
        .orderBy('number')
        .execute();
      return { records: rows.map((n) => ({ number: n.number, name: n.nickname || n.number })) };
    },
  );
}
