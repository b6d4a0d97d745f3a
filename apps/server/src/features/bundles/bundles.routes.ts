/**
 * Bundles (issue 13, spec 1 §7): the catalogue with the account's state, the usage of its active
 * bundles, enable (POST /bundle) and cease (DELETE /bundle/cease/{id}); each month a bundle was
 * active in is one line of that month's invoice (the billing run's 'bundles' charge source).
 */
import { BUNDLE_MESSAGES, BUNDLES, bundleById, bundleRoutes, isWholesale } from '@switchboard/domain';
import type { FastifyInstance } from 'fastify';
import { type Generated, sql } from 'kysely';
import type { Timestamp } from '../../db/schema.ts';
import { registerChargeSource } from '../../modules/billing/index.ts';
import { HttpError, notFound, uniqueViolationError } from '../../platform/errors.ts';
import type { Platform } from '../../platform/platform.ts';
import { tenantRoute } from '../../platform/routes.ts';

export interface AccountBundlesTable {
  id: Generated<number>;
  account_no: number;
  bundle_id: number;
  enabled_at: Timestamp;
  ceased_at: Timestamp | null;
  minutes_used: Generated<number>;
}

declare module '../../db/schema.ts' {
  interface Database {
    account_bundles: AccountBundlesTable;
  }
}

// A whole month's charge for each bundle active at any moment of the period (London time).
registerChargeSource('bundles', async (tx, accountNo, p) => {
  const rows = await tx
    .selectFrom('account_bundles')
    .select(['bundle_id'])
    .where('account_no', '=', accountNo)
    .where(sql<boolean>`enabled_at < (${p.next}::date::timestamp at time zone 'Europe/London')`)
    .where((eb) =>
      eb.or([
        eb('ceased_at', 'is', null),
        eb(sql`ceased_at`, '>=', sql`(${p.start}::date::timestamp at time zone 'Europe/London')`),
      ]),
    )
    .execute();
  const counts = new Map<number, number>();
  for (const r of rows) counts.set(r.bundle_id, (counts.get(r.bundle_id) ?? 0) + 1);
  return [...counts].flatMap(([id, n]) => {
    const b = bundleById(id);
    return b ? [{ description: `${b.name} bundle, ${p.label}`, quantity: n, unitPricePence: b.pricePence }] : [];
  });
});

const iso = (d: unknown) => (d ? new Date(d as string).toISOString() : null);

export function registerBundleRoutes(api: FastifyInstance, platform: Platform): void {
  registerBundleReadRoutes(api, platform);
  registerBundleWriteRoutes(api, platform);
}

/** The bundles on offer (with the account's active ones), and the active ones' minutes used. */
function registerBundleReadRoutes(api: FastifyInstance, platform: Platform): void {
  const routes = bundleRoutes;
  tenantRoute(api, platform, routes.list, {
    allow: { resource: 'bundles', action: 'read' },
    handler: async ({ db, auth }) => {
      const active = await db.selectFrom('account_bundles').selectAll().where('ceased_at', 'is', null).execute();
      const prices = !isWholesale(auth);
      return {
        records: BUNDLES.map((b) => {
          const mine = active.find((a) => a.bundle_id === b.id);
          return {
            bundleId: b.id,
            name: b.name,
            description: b.description,
            minutes: b.minutes,
            ...(prices ? { pricePence: b.pricePence } : {}),
            id: mine?.id ?? null,
            enabledAt: iso(mine?.enabled_at),
          };
        }),
      };
    },
  });

  tenantRoute(api, platform, routes.usage, {
    allow: { resource: 'bundles', action: 'read' },
    handler: async ({ db }) => {
      const active = await db
        .selectFrom('account_bundles')
        .selectAll()
        .where('ceased_at', 'is', null)
        .orderBy('id')
        .execute();
      return {
        records: active.flatMap((a) => {
          const b = bundleById(a.bundle_id);
          return b ? [{ id: a.id, bundleId: b.id, name: b.name, minutes: b.minutes, used: a.minutes_used }] : [];
        }),
      };
    },
  });
}

/** Enabling a bundle for the account, and ceasing one. */
function registerBundleWriteRoutes(api: FastifyInstance, platform: Platform): void {
  const routes = bundleRoutes;
  tenantRoute(api, platform, routes.enable, {
    allow: { resource: 'bundles', action: 'create' },
    handler: async ({ auth, db, emit }, { body }) => {
      if (body.accountNo !== undefined && body.accountNo !== auth.accountNo) throw notFound();
      const bundle = bundleById(body.bundleId);
      if (!bundle) throw new HttpError(400, BUNDLE_MESSAGES.unknown, { bundleId: BUNDLE_MESSAGES.unknown });
      const row = await db
        .insertInto('account_bundles')
        .values({ account_no: auth.accountNo, bundle_id: bundle.id })
        .returning('id')
        .executeTakeFirstOrThrow()
        .catch((error: unknown) => {
          throw (
            uniqueViolationError(error, {
              account_bundles_active_uq: { field: 'bundleId', message: BUNDLE_MESSAGES.alreadyActive },
            }) ?? error
          );
        });
      await emit({
        area: 'bundles',
        recordId: row.id,
        kind: 'create',
        before: null,
        after: { bundle: bundle.name },
        label: bundle.name,
      });
      return { success: true, message: BUNDLE_MESSAGES.enabled(bundle.name), id: row.id };
    },
  });

  tenantRoute(api, platform, routes.cease, {
    allow: { resource: 'bundles', action: 'delete' },
    handler: async ({ db, emit }, { params }) => {
      const row = await db
        .updateTable('account_bundles')
        .set({ ceased_at: new Date() })
        .where('id', '=', params.id)
        .where('ceased_at', 'is', null)
        .returning(['id', 'bundle_id'])
        .executeTakeFirst();
      if (!row) throw new HttpError(404, BUNDLE_MESSAGES.notActive);
      const name = bundleById(row.bundle_id)?.name ?? 'Bundle';
      await emit({
        area: 'bundles',
        recordId: row.id,
        kind: 'delete',
        before: { bundle: name },
        after: null,
        label: name,
      });
      return { success: true, message: BUNDLE_MESSAGES.ceased(name) };
    },
  });
}
