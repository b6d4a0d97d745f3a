/**
 * Destination choices (spec 2 §7 '/destinations'): every routable object of the account whose area
 * the session may read (a user without read on seats is not shown the seats' names).
 */
import { can, DESTINATION_TYPES, type DestinationType, destinationRoutes, parseDestination } from '@switchboard/domain';
import type { FastifyInstance } from 'fastify';
import { DESTINATION_READ_RESOURCE } from '../../platform/destinations.ts';
import { forbidden } from '../../platform/errors.ts';
import type { Platform } from '../../platform/platform.ts';
import { type Ctx, tenantRoute } from '../../platform/routes.ts';

const isDestinationType = (t: string): t is DestinationType => (DESTINATION_TYPES as readonly string[]).includes(t);

export function registerDestinationRoutes(api: FastifyInstance, platform: Platform): void {
  const all = async ({ db, auth }: Ctx) => {
    const records = await platform.destinations.list(db, auth);
    return { records, totalRecords: records.length, lastPage: true };
  };
  // Any signed-in user: the list holds only the types whose area they may read.
  const anyUser = () => true;
  tenantRoute(api, platform, destinationRoutes.all, { allow: anyUser, handler: all });
  tenantRoute(api, platform, destinationRoutes.page, { allow: anyUser, readOnly: true, handler: all });
  // The pickers: a page of what a search finds, and the labels of the values a page shows.
  tenantRoute(api, platform, destinationRoutes.search, {
    allow: anyUser,
    handler: async ({ db, auth }, { query }) =>
      platform.destinations.search(db, auth, {
        q: query.q,
        types: query.type?.split(',').filter(isDestinationType),
        offset: query.offset,
        limit: query.limit,
      }),
  });
  tenantRoute(api, platform, destinationRoutes.labels, {
    allow: anyUser,
    handler: async ({ db, auth }, { query }) => ({
      records: await platform.destinations.labels(db, auth, query.ids.split(',')),
    }),
  });
  // What routes to a destination: for a holder with read on the destination's area.
  tenantRoute(api, platform, destinationRoutes.usedBy, {
    allow: anyUser,
    readOnly: true,
    handler: async ({ db, auth }, { params }) => {
      const parsed = parseDestination(params.value);
      if (!parsed || !can(auth, DESTINATION_READ_RESOURCE[parsed.type], 'read')) throw forbidden();
      const records = await platform.references.usages(db, 'destination', params.value);
      return { records: records.sort((a, b) => a.type.localeCompare(b.type) || a.name.localeCompare(b.name)) };
    },
  });
}
