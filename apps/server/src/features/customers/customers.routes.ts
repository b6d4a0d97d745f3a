/** The wholesale customers page (/customers): the accounts below the caller's own account. */
import { can, customerRecord, isProviderAdmin, listBody, listParams } from '@switchboard/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import { requireAuth } from '../../platform/auth.ts';
import { forbidden } from '../../platform/errors.ts';
import type { Platform } from '../../platform/platform.ts';
import { type ColumnDef, pagedList } from '../../platform/resource.ts';

const columns: Record<string, ColumnDef> = {
  id: { sql: 'accounts.account_no', kind: 'number' },
  accountNo: { sql: 'accounts.account_no', kind: 'number', sortable: true, searchable: true },
  company: { sql: 'accounts.company', kind: 'text', sortable: true, searchable: true },
  name: { sql: "accounts.first_name || ' ' || accounts.surname", kind: 'text', sortable: true, searchable: true },
  email: { sql: 'accounts.email', kind: 'text', sortable: true, searchable: true },
  accountType: { sql: 'accounts.account_type', kind: 'text', sortable: true, filterable: true },
  accountKind: { sql: 'accounts.account_kind', kind: 'text', sortable: true, filterable: true },
};

export function registerCustomerRoutes(app: FastifyInstance, { db }: Platform): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const reply = z.object({ records: z.array(customerRecord), totalRecords: z.number(), lastPage: z.boolean() });

  const customersOf = (request: FastifyRequest) => {
    const auth = requireAuth(request);
    // The portal is the user's own account: a reseller acting as a customer must go back first.
    if (auth.puppeteer !== null) throw forbidden();
    const allowed =
      can(auth, 'wholesaleCustomers', 'read') || can(auth, 'VHCustomers', 'read') || isProviderAdmin(auth);
    if (!allowed) throw forbidden();
    const home = auth.homeAccountNo;
    // Every account below the caller's own (children and their children).
    return db.selectFrom('accounts').where(
      sql<boolean>`accounts.account_no in (
        with recursive below(account_no) as (
          select account_no from accounts where parent = ${home} and account_no <> ${home}
          union
          select c.account_no from accounts c join below b on c.parent = b.account_no
        )
        select account_no from below)`,
    );
  };

  r.post(
    '/customers/:offset/:limit',
    { schema: { tags: ['customers'], params: listParams, body: listBody.optional(), response: { 200: reply } } },
    async (request) =>
      pagedList(
        customersOf(request),
        columns,
        { field: 'accountNo', direction: 'asc' },
        {
          ...request.params,
          ...(request.body ?? {}),
        },
      ),
  );
}
