/** The wholesale customers page (/customers): the accounts below the caller's own. */
import { type Customer, can, customerRoutes, isProviderAdmin } from '@switchboard/domain';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { forbidden } from '../../platform/errors.ts';
import { field, fieldMap } from '../../platform/fields.ts';
import { listBodyFor, pagedList } from '../../platform/list.ts';
import type { Platform } from '../../platform/platform.ts';
import { openRoute } from '../../platform/routes.ts';

const columns = {
  id: field.computed('accounts.account_no', 'number'),
  accountNo: field.computed('accounts.account_no', 'number', { sortable: true, searchable: true }),
  company: field.text('company', { sortable: true, searchable: true }),
  name: field.computed("accounts.first_name || ' ' || accounts.surname", 'text', { sortable: true, searchable: true }),
  email: field.text('email', { sortable: true, searchable: true }),
  accountType: field.text('account_type', { sortable: true, filterable: true }),
  accountKind: field.text('account_kind', { sortable: true, filterable: true }),
  // A deleted account stays (soft delete, migration 028) and shows as such; a registered one until
  // its activation as pending.
  status: field.computed(
    "case when accounts.deleted_at is not null then 'deleted' when accounts.pending_activation then 'pending' else 'active' end",
    'text',
    { sortable: true, filterable: true },
  ),
};
const fields = fieldMap<Omit<Customer, 'identity'>>('accounts', columns);
/**
 * A provider admin's list also shows the holder's identity status (features/identity: never checked
 * is 'unverified'); a reseller's does not (the check is between the provider and the holder).
 */
const adminFields = fieldMap<Customer>('accounts', {
  ...columns,
  identity: field.computed(
    "coalesce((select i.status from account_identity i where i.account_no = accounts.account_no), 'unverified')",
    'text',
    { sortable: true, filterable: true },
  ),
});

export function registerCustomerRoutes(api: FastifyInstance, platform: Platform): void {
  openRoute(api, platform, customerRoutes.list, {
    // The portal is the user's own account: a reseller acting as a customer must go back first.
    allow: (auth) =>
      auth.puppeteer === null &&
      (can(auth, 'wholesaleCustomers', 'read') || can(auth, 'VHCustomers', 'read') || isProviderAdmin(auth)),
    // A list read by POST (the spec's verb): same-origin like any POST, but it changes nothing.
    changesState: false,
    schema: { body: listBodyFor(adminFields) },
    handler: async ({ auth }, { params, body }) => {
      if (!auth) throw forbidden();
      const home = auth.homeAccountNo;
      // Accounts of other tenants: the named escape hatch, limited to those below the caller's own.
      return platform.tenancy.crossAccount('customers', (tx) =>
        pagedList(
          tx.selectFrom('accounts').where(
            sql<boolean>`accounts.account_no in (
              with recursive below(account_no) as (
                select account_no from accounts where parent = ${home} and account_no <> ${home}
                union
                select c.account_no from accounts c join below b on c.parent = b.account_no
              )
              select account_no from below)`,
          ),
          isProviderAdmin(auth) ? adminFields : fields,
          'accounts.account_no',
          { field: 'accountNo', direction: 'asc' },
          { ...params, ...(body ?? {}) },
        ),
      );
    },
  });
}
