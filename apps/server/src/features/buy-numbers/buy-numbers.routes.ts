/**
 * Buying UK numbers (spec 3 §7 "Number purchase"): the wizard's searches of the provider's stock,
 * the purchase, the service tariff (GET /billing/tariff/-1/-1; prices hidden for wholesale, spec 3
 * §6), and the provider admin's new ranges and prices. The logic is the numbering module's.
 */
import {
  BUY_NUMBER_MESSAGES,
  GEO_COUNTRIES,
  isProviderAdmin,
  isWholesale,
  MESSAGES,
  NOT_FOR_PROFIT_RANGE_IDS,
  buyNumberRoutes as routes,
  UK_NUMBER_TYPES,
} from '@switchboard/domain';
import type { FastifyInstance } from 'fastify';
import { pence, pounds } from '../../modules/billing/index.ts';
import {
  addRange,
  allocate,
  freeBlocks,
  freeVanityNumbers,
  type OrderItem,
  rangesWithStock,
  tariffByItem,
  ukStock,
} from '../../modules/numbering/index.ts';
import type { AuthContext } from '../../platform/auth.ts';
import { forbidden, HttpError, notFound, validationError } from '../../platform/errors.ts';
import { recordAct } from '../../platform/outbox.ts';
import type { Platform } from '../../platform/platform.ts';
import { openRoute, tenantRoute } from '../../platform/routes.ts';

/** The provider's own work, not while acting as a customer. */
const providerAdmin = (auth: AuthContext) => isProviderAdmin(auth) && auth.puppeteer === null;
const readers = { resource: 'numbers', action: 'read' } as const;
const buyers = { resource: 'numbers', action: 'create' } as const;

export function registerBuyNumberRoutes(api: FastifyInstance, platform: Platform): void {
  registerSearchRoutes(api, platform);
  registerPurchaseRoute(api, platform);
  registerProviderRoutes(api, platform);
  registerNotForProfitRoute(api, platform);
}

function registerSearchRoutes(api: FastifyInstance, platform: Platform): void {
  tenantRoute(api, platform, routes.ranges, {
    allow: readers,
    readOnly: true,
    handler: async ({ db }, { body }) => {
      if (body.type === 'GEONUM' && !body.country)
        throw validationError({ country: BUY_NUMBER_MESSAGES.selectCountry });
      // 0300 numbers for not-for-profit accounts only (spec 3 §5): the wizard stops at the type.
      const account = await db.selectFrom('accounts').select('not_for_profit').executeTakeFirstOrThrow();
      if (body.type === '03NGN' && !account.not_for_profit)
        throw validationError({ type: BUY_NUMBER_MESSAGES.notForProfit });
      const found = await rangesWithStock(db, {
        type: body.type,
        country: body.type === 'GEONUM' ? body.country : undefined,
      });
      const rows = found.filter((r) => account.not_for_profit || !NOT_FOR_PROFIT_RANGE_IDS.includes(r.id));
      return {
        records: rows.map((r) => ({
          numberRangeId: r.id,
          type: UK_NUMBER_TYPES.find((t) => t === r.number_type) ?? 'GEONUM',
          country: GEO_COUNTRIES.find((c) => c === r.country) ?? null,
          name: r.name,
          prefix: r.prefix,
          vanity: r.vanity,
        })),
      };
    },
  });
  tenantRoute(api, platform, routes.blocks, {
    allow: readers,
    readOnly: true,
    handler: async ({ db }, { body }) => ({ records: await freeBlocks(db, body.numberRangeId, body.minimumRangeSize) }),
  });
  tenantRoute(api, platform, routes.vanity, {
    allow: readers,
    readOnly: true,
    handler: async ({ db }, { body }) => {
      const classes = [body.platinum, body.gold, body.silver, body.bronze].flatMap((on, i) => (on ? [i + 1] : []));
      return { records: await freeVanityNumbers(db, body.numberRangeId, classes, body.filter) };
    },
  });
  tenantRoute(api, platform, routes.tariff, {
    allow: readers,
    readOnly: true,
    handler: async ({ db, auth }) => {
      const hidden = isWholesale(auth);
      const tariff = await tariffByItem(db);
      return {
        records: [...tariff.values()].map((t) => ({
          item: t.item,
          description: t.description,
          // Vanity setup prices are shown to wholesale too (spec 3 §6).
          monthly: hidden ? null : pounds(t.monthly_pence),
          setup: hidden && !t.item.startsWith('VAN') ? null : pounds(t.setup_pence),
          version: t.version,
        })),
      };
    },
  });
}

/** The purchase: the account's own (the session's effective account), in one cross-account transaction. */
function registerPurchaseRoute(api: FastifyInstance, platform: Platform): void {
  openRoute(api, platform, routes.allocate, {
    allow: buyers,
    handler: async ({ auth, request }, { body }) => {
      if (!auth) throw forbidden();
      const items: OrderItem[] = [
        ...body.telephoneNumberRanges.map((r) => ({ kind: 'range' as const, start: r.start, end: r.end })),
        ...body.telephoneNumbers.map((number) => ({ kind: 'number' as const, number })),
      ];
      return platform.tenancy.crossAccount('numbering', (tx) =>
        allocate(tx, ukStock, { accountNo: auth.accountNo, items, by: auth, ip: request.ip }),
      );
    },
  });
}

/** A provider admin's new stock range and tariff prices. */
function registerProviderRoutes(api: FastifyInstance, platform: Platform): void {
  openRoute(api, platform, routes.addRange, {
    allow: providerAdmin,
    handler: async ({ auth, request }, { body }) => {
      if (!auth) throw forbidden();
      if (body.type === 'GEONUM' && !body.country)
        throw validationError({ country: BUY_NUMBER_MESSAGES.selectCountry });
      return platform.tenancy.crossAccount('numbering', async (tx) => {
        const prefix = body.first.slice(0, 4);
        const range = {
          type: body.type,
          country: body.country,
          name: body.name || null,
          prefix,
          first: body.first,
          last: body.last,
        };
        const added = await addRange(tx, range, `Added by ${auth.username}`);
        await recordAct(tx, {
          userId: auth.userId,
          accountNo: auth.homeAccountNo,
          action: 'buy-numbers.range',
          details: { numberRangeId: added.id, ...range, added: added.added },
          ip: request.ip,
        });
        return { success: true, message: BUY_NUMBER_MESSAGES.rangeAdded(added.added), numberRangeId: added.id };
      });
    },
  });
  openRoute(api, platform, routes.saveTariff, {
    allow: providerAdmin,
    handler: async ({ auth, request }, { params, body }) => {
      if (!auth) throw forbidden();
      return platform.tenancy.crossAccount('numbering', async (tx) => {
        const row = await tx
          .selectFrom('service_tariff')
          .selectAll()
          .where('item', '=', params.item)
          .forUpdate()
          .executeTakeFirst();
        if (!row) throw notFound();
        if (body.version !== undefined && body.version !== row.version) throw new HttpError(409, MESSAGES.staleVersion);
        const after = { monthly_pence: pence(body.monthly), setup_pence: pence(body.setup) };
        await tx.updateTable('service_tariff').set(after).where('item', '=', params.item).execute();
        await recordAct(tx, {
          userId: auth.userId,
          accountNo: auth.homeAccountNo,
          action: 'buy-numbers.tariff',
          details: {
            item: params.item,
            before: { monthly_pence: row.monthly_pence, setup_pence: row.setup_pence },
            after,
          },
          ip: request.ip,
        });
        return { success: true, message: BUY_NUMBER_MESSAGES.tariffSaved };
      });
    },
  });
}

/** A provider admin marks an account not-for-profit (0300 numbers, spec 3 §5), or not. */
function registerNotForProfitRoute(api: FastifyInstance, platform: Platform): void {
  openRoute(api, platform, routes.notForProfit, {
    allow: providerAdmin,
    handler: async ({ auth, request }, { params, body }) => {
      if (!auth) throw forbidden();
      return platform.tenancy.crossAccount('numbering', async (tx) => {
        const row = await tx
          .updateTable('accounts')
          .set({ not_for_profit: body.notForProfit })
          .where('account_no', '=', params.accountNo)
          .returning('account_no')
          .executeTakeFirst();
        if (!row) throw notFound();
        await recordAct(tx, {
          userId: auth.userId,
          accountNo: auth.homeAccountNo,
          action: 'buy-numbers.not-for-profit',
          targetAccountNo: params.accountNo,
          details: { notForProfit: body.notForProfit },
          ip: request.ip,
        });
        return { success: true, message: BUY_NUMBER_MESSAGES.notForProfitSaved(params.accountNo, body.notForProfit) };
      });
    },
  });
}
