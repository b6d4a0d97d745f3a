/**
 * Routing health (ours, issue 29): GET /routinghealth — what is wrong in the account's routing,
 * each finding naming the object to fix; POST /routinghealth/{offset}/{limit} a page of them (the
 * dashboard's count). The estate is read under row-level security in the request's read-only
 * tenant transaction (modules/routing) and the engine's lint decides (domain lintEstate).
 *
 * It also registers the check of every write to a routing object (platform/routing-writes.ts): a
 * save that makes a loop with no way out — one the account did not have before it — is refused
 * (409) with the loop named from the object saved, and nothing changes.
 */
import {
  type Estate,
  type LintFinding,
  lintEstate,
  loopWords,
  ROUTING_HEALTH_READ_RESOURCES,
  ROUTING_HEALTH_TEXTS,
  routingHealthRoutes,
  routingLoops,
} from '@switchboard/domain';
import type { FastifyInstance } from 'fastify';
import { loadEstate } from '../../modules/routing/index.ts';
import { HttpError } from '../../platform/errors.ts';
import type { Platform } from '../../platform/platform.ts';
import { type Ctx, tenantRoute } from '../../platform/routes.ts';

const allow = ROUTING_HEALTH_READ_RESOURCES.map((resource) => ({ resource, action: 'read' as const }));

async function findings(ctx: Ctx, platform: Platform): Promise<LintFinding[]> {
  return lintEstate(await loadEstate(ctx.db, platform.lists, ctx.auth.accountNo));
}

/** Each estate's loops with no way out (their keys), worked out once: a kept estate is read again unchanged. */
const loopsOf = new WeakMap<Estate, Set<string>>();

function loopKeys(estate: Estate, loops = () => routingLoops(estate)): Set<string> {
  let keys = loopsOf.get(estate);
  if (!keys) {
    keys = new Set(loops().map((l) => l.key));
    loopsOf.set(estate, keys);
  }
  return keys;
}

export function registerRoutingHealthRoutes(api: FastifyInstance, platform: Platform): void {
  tenantRoute(api, platform, routingHealthRoutes.findings, {
    allow,
    readOnly: true,
    handler: async (ctx) => {
      const records = await findings(ctx, platform);
      return { records, totalRecords: records.length };
    },
  });
  tenantRoute(api, platform, routingHealthRoutes.page, {
    allow,
    readOnly: true,
    handler: async (ctx, { params }) => {
      const { offset, limit } = params as { offset: number; limit: number };
      const all = await findings(ctx, platform);
      const records = limit < 0 ? all : all.slice(Math.max(0, offset), Math.max(0, offset) + limit);
      const lastPage = limit < 0 || Math.max(0, offset) + limit >= all.length;
      return { records, totalRecords: all.length, lastPage };
    },
  });
  platform.routing.add(async ({ db, auth }) => {
    // The estate before the write: usually the one kept since it was last read (a trace, the
    // health, the last save's check), its loops known already. After it, only the kinds written
    // are read again.
    const before = loopKeys(await loadEstate(db, platform.lists, auth.accountNo));
    return async (start) => {
      const after = await loadEstate(db, platform.lists, auth.accountNo);
      const loops = routingLoops(after, start);
      loopKeys(after, () => loops);
      const made = loops.find((l) => !before.has(l.key));
      if (made) throw new HttpError(409, ROUTING_HEALTH_TEXTS.loop(loopWords(made.cycle)));
    };
  });
}
