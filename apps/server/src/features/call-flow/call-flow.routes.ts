/**
 * Call flow (ours, issue 29): POST /callflow/trace — what happens when a number (or any destination)
 * is called at an instant; POST /callflow/graph — its whole routing as a graph. The account's estate is read under row-level security in the request's
 * read-only tenant transaction (modules/routing), and the routing engine decides (domain routeCall).
 * Guard: read on the numbers and on every destination type's area (CALL_FLOW_READ_RESOURCES).
 */
import { CALL_FLOW_READ_RESOURCES, callFlowRoutes, routeCall, routingGraph } from '@switchboard/domain';
import type { FastifyInstance } from 'fastify';
import { loadEstate } from '../../modules/routing/index.ts';
import type { Platform } from '../../platform/platform.ts';
import { tenantRoute } from '../../platform/routes.ts';

export function registerCallFlowRoutes(api: FastifyInstance, platform: Platform): void {
  tenantRoute(api, platform, callFlowRoutes.trace, {
    allow: CALL_FLOW_READ_RESOURCES.map((resource) => ({ resource, action: 'read' as const })),
    readOnly: true,
    handler: async ({ db, auth }, { body }) => {
      const at = new Date(body.at ?? Date.now());
      const estate = await loadEstate(db, platform.lists, auth.accountNo);
      const steps = routeCall(estate, { dialled: body.dialled, at, caller: body.caller, keys: body.keys });
      return { dialled: body.dialled, at: at.toISOString(), steps };
    },
  });
  tenantRoute(api, platform, callFlowRoutes.graph, {
    allow: CALL_FLOW_READ_RESOURCES.map((resource) => ({ resource, action: 'read' as const })),
    readOnly: true,
    handler: async ({ db, auth }, { body }) => {
      const estate = await loadEstate(db, platform.lists, auth.accountNo);
      return routingGraph(estate, body.destination, new Date(body.at ?? Date.now()));
    },
  });
}
