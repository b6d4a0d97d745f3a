/**
 * Tariff and call costs (spec 3 §2 /tariff, §5 'Tariff lookup', §7 'Tariff'; issue 27): the call-cost
 * look-up by longest prefix, the tariff documents generated from the deck, and the provider admins'
 * page of the deck and edit of a rate. The deck is the provider's (tariff_rates, read by every
 * account's transaction); readers are retail accounts (pricing is hidden for wholesale, spec 3 §6)
 * and provider admins; the edit is a provider admin's own work, not while acting as a customer.
 */
import { isProviderAdmin, TARIFF_MESSAGES, tariffRoutes } from '@switchboard/domain';
import type { FastifyInstance } from 'fastify';
import {
  callTariffCsv,
  callTariffPdfOf,
  lookUpCallCost,
  rateListPage,
  readDeck,
  TARIFF_DOCUMENTS,
  tariffDocument,
  updateRate,
} from '../../modules/billing/index.ts';
import type { AuthContext } from '../../platform/auth.ts';
import { forbidden, HttpError } from '../../platform/errors.ts';
import type { Platform } from '../../platform/platform.ts';
import { openRoute, readersOf, tenantRoute } from '../../platform/routes.ts';

/** Who sees the tariff: retail accounts (never wholesale) and provider admins. */
const tariffReaders = readersOf('retail', 'VHAdmin');
/** The provider's own work, not while acting as a customer. */
const providerAdmin = (auth: AuthContext) => isProviderAdmin(auth) && auth.puppeteer === null;

export function registerTariffRoutes(api: FastifyInstance, platform: Platform): void {
  tenantRoute(api, platform, tariffRoutes.callCost, {
    allow: tariffReaders,
    readOnly: true,
    handler: async ({ db }, { params }) => lookUpCallCost(db, params.number),
  });

  tenantRoute(api, platform, tariffRoutes.documents, {
    allow: tariffReaders,
    readOnly: true,
    handler: async () => ({ records: TARIFF_DOCUMENTS.map(({ id, title, filename }) => ({ id, title, filename })) }),
  });

  openRoute(api, platform, tariffRoutes.document, {
    allow: tariffReaders,
    changesState: false,
    handler: async ({ auth, reply }, { params }) => {
      if (!auth) throw forbidden();
      const document = tariffDocument(params.name, params.id);
      if (!document) throw new HttpError(404, TARIFF_MESSAGES.documentNotFound);
      const deck = await platform.tenancy.tenant(auth.accountNo, readDeck, { readOnly: true });
      const body =
        document.type === 'text/csv'
          ? callTariffCsv(deck)
          : await callTariffPdfOf(platform.tenancy, auth.accountNo, deck);
      return reply
        .type(document.type === 'text/csv' ? 'text/csv; charset=utf-8' : document.type)
        .header('content-disposition', `attachment; filename="${document.filename}"`)
        .header('cache-control', 'private, no-store')
        .send(body);
    },
  });

  openRoute(api, platform, tariffRoutes.rates, {
    allow: providerAdmin,
    changesState: false,
    handler: async ({ auth }, { query }) => {
      if (!auth) throw forbidden();
      return platform.tenancy.tenant(auth.accountNo, (db) => rateListPage(db, query), { readOnly: true });
    },
  });

  openRoute(api, platform, tariffRoutes.updateRate, {
    allow: providerAdmin,
    handler: async ({ auth, request }, { params, body }) => {
      if (!auth) throw forbidden();
      const ifMatch = request.headers['if-match'];
      const record = await platform.tenancy.crossAccount('tariff', (tx) =>
        updateRate(
          tx,
          params.id,
          { ...body, ifMatch: typeof ifMatch === 'string' ? ifMatch : undefined },
          {
            actor: { accountNo: auth.homeAccountNo, userId: auth.userId },
            ip: request.ip,
          },
        ),
      );
      return { success: true, message: TARIFF_MESSAGES.updated, id: record.id };
    },
  });
}
