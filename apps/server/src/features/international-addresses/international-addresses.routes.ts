/**
 * International addresses (spec 3 §2 /international-addresses, §5, §7 "Number purchase and
 * international"): the countries' restrictions and stock, the account's addresses, their proof
 * documents (uploaded into the file store, checked by their content; downloaded as one ZIP streamed
 * from the store) and the international numbers linked to them. Wholesale accounts and provider
 * admins only (§6).
 */
import { INTERNATIONAL_MESSAGES, internationalRoutes, isProviderAdmin } from '@switchboard/domain';
import { callingCodeOf, countryName, countryOfNumber } from '@switchboard/domain/phone';
import type { FastifyInstance } from 'fastify';
import {
  addInternationalStock,
  areasOf,
  internationalCompliance,
  internationalNumber,
  internationalNumbers,
  orderInternational,
  refusedOrder,
  requirementOf,
  restrictionsOf,
  restrictionsOfAll,
} from '../../modules/international/index.ts';
import { forbidden, HttpError, validationError } from '../../platform/errors.ts';
import { listBodyFor, pagedList } from '../../platform/list.ts';
import { recordAct } from '../../platform/outbox.ts';
import type { Platform } from '../../platform/platform.ts';
import { type Ctx, openRoute, tenantRoute } from '../../platform/routes.ts';
import type { Tx } from '../../platform/tenancy.ts';
import { addressFields, addressLabel, international, readAddress } from './addresses.ts';
import { registerProofRoutes } from './proofs.ts';

export function registerInternationalRoutes(api: FastifyInstance, platform: Platform): void {
  registerStockRoutes(api, platform);
  registerAddressRoutes(api, platform);
  registerLinkRoutes(api, platform);
  registerProofRoutes(api, platform);
  registerOrderRoute(api, platform);
  registerStockAdminRoute(api, platform);
}

/**
 * The international order: the area's country's requirement checked against the address first (in
 * the account's transaction: another account's address is none), then the numbers taken and
 * allocated with their charges (the numbering module's cross-account transaction, as a UK purchase).
 * A number the address does not cover answers 'Address Error' / 'Proof Error' (spec 3 §8).
 */
function registerOrderRoute(api: FastifyInstance, platform: Platform): void {
  openRoute(api, platform, internationalRoutes.order, {
    allow: international('create'),
    handler: async ({ auth, request }, { body }) => {
      if (!auth) throw forbidden();
      const area = await platform.tenancy.tenant(auth.accountNo, async (tx) => {
        const found = await tx
          .selectFrom('international_areas')
          .select(['id', 'country'])
          .where('id', '=', body.areaId)
          .executeTakeFirst();
        if (!found) throw new HttpError(404, INTERNATIONAL_MESSAGES.unknownCountry);
        const request = { country: found.country, addressId: body.addressId, areaId: found.id };
        return { ...found, outcome: await internationalCompliance(tx, request) };
      });
      if (area.outcome !== 'ok') return refusedOrder(body.quantity, area.outcome);
      const order = { accountNo: auth.accountNo, areaId: area.id, quantity: body.quantity, addressId: body.addressId };
      return platform.tenancy.crossAccount('numbering', (tx) =>
        orderInternational(tx, { ...order, by: auth, ip: request.ip }),
      );
    },
  });
}

/**
 * A provider admin (in their own account) adds international stock: the country's requirement, the
 * area and a run of numbers, which must be the country's (libphonenumber's reading of the first).
 */
function registerStockAdminRoute(api: FastifyInstance, platform: Platform): void {
  openRoute(api, platform, internationalRoutes.addStock, {
    allow: (auth) => isProviderAdmin(auth) && auth.puppeteer === null,
    handler: async ({ auth, request }, { body }) => {
      if (!auth) throw forbidden();
      if (countryOfNumber(body.first) !== body.country)
        throw validationError({ first: INTERNATIONAL_MESSAGES.notOfCountry });
      return platform.tenancy.crossAccount('numbering', async (tx) => {
        const added = await addInternationalStock(tx, { ...body, state: body.state });
        await recordAct(tx, {
          userId: auth.userId,
          accountNo: auth.homeAccountNo,
          action: 'international-addresses.stock',
          details: { ...body, added },
          ip: request.ip,
        });
        return { success: true, message: INTERNATIONAL_MESSAGES.stockAdded(added, body.area), added };
      });
    },
  });
}

/** The countries' restrictions and a country's areas with their stock (capped at 100 each). */
function registerStockRoutes(api: FastifyInstance, platform: Platform): void {
  const routes = internationalRoutes;
  tenantRoute(api, platform, routes.countries, {
    allow: international('read'),
    handler: async ({ db }) => ({ records: await restrictionsOfAll(db) }),
  });
  tenantRoute(api, platform, routes.country, {
    allow: international('read'),
    readOnly: true,
    handler: async ({ db }, { params }) => {
      const regulationRequirement = await requirementOf(db, params.country);
      const areas = await areasOf(db, params.country, params.offset, params.limit);
      return {
        country: params.country,
        name: countryName(params.country),
        callingCode: callingCodeOf(params.country) ?? '',
        regulationRequirement,
        ...areas,
      };
    },
  });
  tenantRoute(api, platform, routes.restrictions, {
    allow: international('read'),
    handler: async ({ db }, { params }) => restrictionsOf(db, params.country),
  });
  tenantRoute(api, platform, routes.numbers, {
    allow: international('read'),
    readOnly: true,
    handler: async ({ db }, { params }) => internationalNumbers(db, params.offset, params.limit),
  });
}

/** The account's addresses: listed, and created with the numbers they are for. */
function registerAddressRoutes(api: FastifyInstance, platform: Platform): void {
  const routes = internationalRoutes;
  tenantRoute(api, platform, routes.addresses, {
    allow: international('read'),
    readOnly: true,
    schema: { body: listBodyFor(addressFields) },
    handler: async ({ db }, { params, body }) =>
      pagedList(
        db.selectFrom('international_addresses'),
        addressFields,
        'international_addresses.id',
        { field: 'id', direction: 'desc' },
        { ...params, ...body },
      ),
  });
  tenantRoute(api, platform, routes.address, {
    allow: international('read'),
    handler: async ({ db }, { params }) => readAddress(db, params.id),
  });
  tenantRoute(api, platform, routes.createAddress, {
    allow: international('create'),
    handler: async (ctx, { body }) => {
      const { allocatedNumberIds, regulationAccepted: _accepted, ...address } = body;
      const numbers = [...new Set(allocatedNumberIds)];
      for (const id of numbers) {
        if (!(await internationalNumber(ctx.db, id))) {
          const message = INTERNATIONAL_MESSAGES.notInternational;
          throw new HttpError(400, message, { allocatedNumberIds: message });
        }
      }
      const row = await ctx.db
        .insertInto('international_addresses')
        .values({
          account_no: ctx.auth.accountNo,
          title: address.title,
          firstname: address.firstname,
          lastname: address.lastname,
          address_line1: address.addressLine1,
          address_line2: address.addressLine2,
          county: address.county,
          country: address.country,
          postcode: address.postcode,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const id of numbers) await link(ctx, row.id, id);
      const created = await readAddress(ctx.db, row.id);
      await ctx.emit({
        area: 'international-addresses',
        recordId: row.id,
        kind: 'create',
        before: null,
        after: { ...created, allocatedNumberIds: numbers },
        label: addressLabel(created),
      });
      return { success: true, message: INTERNATIONAL_MESSAGES.addressAdded, id: row.id };
    },
  });
}

/** Links a number of the account to an address (the caller has checked both are the account's). */
async function link(ctx: Ctx, addressId: number, numberId: number): Promise<void> {
  await ctx.db
    .insertInto('international_address_links')
    .values({ account_no: ctx.auth.accountNo, address_id: addressId, telephone_number_id: numberId })
    .execute();
}

/** The numbers linked to an address, and the add-link action of the linked-numbers modal. */
function registerLinkRoutes(api: FastifyInstance, platform: Platform): void {
  const routes = internationalRoutes;
  tenantRoute(api, platform, routes.allLinks, {
    allow: international('read'),
    handler: async ({ db }, { params }) => linksOf(db, params.id, -1, -1),
  });
  tenantRoute(api, platform, routes.links, {
    allow: international('read'),
    handler: async ({ db }, { params }) => linksOf(db, params.id, params.offset, params.limit),
  });
  tenantRoute(api, platform, routes.addLink, {
    allow: international('update'),
    handler: async (ctx, { params, body }) => {
      const address = await readAddress(ctx.db, params.id);
      const number = await internationalNumber(ctx.db, body.allocatedNumberId);
      if (!number) {
        const message = INTERNATIONAL_MESSAGES.notInternational;
        throw new HttpError(400, message, { allocatedNumberId: message });
      }
      const existing = await ctx.db
        .selectFrom('international_address_links')
        .select('id')
        .where('address_id', '=', address.id)
        .where('telephone_number_id', '=', number.id)
        .executeTakeFirst();
      if (existing) {
        const message = INTERNATIONAL_MESSAGES.alreadyLinked;
        throw new HttpError(409, message, { allocatedNumberId: message });
      }
      await link(ctx, address.id, number.id);
      await ctx.emit({
        area: 'international-addresses',
        recordId: address.id,
        kind: 'link',
        before: null,
        after: { number: number.number },
        label: addressLabel(address),
      });
      return { success: true, message: INTERNATIONAL_MESSAGES.linkAdded, id: address.id };
    },
  });
}

/** The numbers linked to the account's address `id` (404 when it is not the account's), by number, paged. */
async function linksOf(db: Tx, id: number, offset: number, limit: number) {
  await readAddress(db, id);
  const rows = await db
    .selectFrom('international_address_links')
    .innerJoin('telephone_numbers', 'telephone_numbers.id', 'international_address_links.telephone_number_id')
    .select([
      'international_address_links.id',
      'international_address_links.address_id',
      'international_address_links.telephone_number_id',
      'telephone_numbers.number',
      'international_address_links.created_at',
    ])
    .where('international_address_links.address_id', '=', id)
    .orderBy('telephone_numbers.number')
    .execute();
  const page = offset === -1 ? rows : rows.slice(offset, limit === -1 ? undefined : offset + limit);
  return {
    records: page.map((r) => ({
      id: r.id,
      addressId: r.address_id,
      allocatedNumberId: r.telephone_number_id,
      number: r.number,
      linkedAt: new Date(r.created_at).toISOString(),
    })),
    totalRecords: rows.length,
    lastPage: offset === -1 || limit === -1 || offset + limit >= rows.length,
  };
}
