/**
 * The Change Events page's calls (provider admins only, as the Jobs page's): the events each
 * consumer gave up on, with their errors, and Retry — one event, or all of a consumer's — which puts
 * them back for its next delivery (platform/outbox.ts). The consumers' lag is `GET /change-consumers`
 * (features/audit).
 */
import { changeEventRoutes, type DeadEventRecord, isProviderAdmin, type ListFilters } from '@switchboard/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuthContext } from '../../platform/auth.ts';
import { forbidden, HttpError, validationError } from '../../platform/errors.ts';
import { type DeadEvent, deadEvents, recordChange, requeueDead } from '../../platform/outbox.ts';
import type { Platform } from '../../platform/platform.ts';
import { openRoute } from '../../platform/routes.ts';

function deadRecord(d: DeadEvent): DeadEventRecord {
  return {
    consumer: d.consumer,
    eventId: d.eventId,
    attempts: d.attempts,
    error: d.error,
    parkedAt: d.parkedAt.toISOString(),
    requeuedAt: d.requeuedAt?.toISOString() ?? null,
    at: d.event?.at.toISOString() ?? null,
    accountNo: d.event?.accountNo ?? null,
    area: d.event?.area ?? '',
    kind: d.event?.kind ?? '',
    recordId: d.event?.recordId ?? null,
    label: d.event?.label ?? '',
  };
}

/** The one filter the list takes (a consumer), and its one order (the last parked first). */
function consumerOf(filters: ListFilters | undefined, sortBy: string | undefined): string | undefined {
  const { consumer, ...others } = filters ?? {};
  const unknown = Object.keys(others)[0];
  if (unknown !== undefined) {
    throw validationError({ [`filters.${unknown}`]: `Dead events cannot be filtered by ${unknown}` });
  }
  if (sortBy !== undefined && sortBy !== 'parkedAt')
    throw validationError({ sortBy: 'Dead events are listed last parked first' });
  return consumer === undefined ? undefined : String(consumer);
}

/** A declared consumer's name, or a 404. */
function declared(platform: Platform, name: string): string {
  if (!platform.outbox.consumers.some((c) => c.name === name)) throw new HttpError(404, 'No consumer has that name');
  return name;
}

/**
 * Puts a consumer's dead events (one, or all) back for delivery and records the provider admin's
 * retry as a change event, in one transaction; answers how many were put back.
 */
async function retry(
  platform: Platform,
  auth: AuthContext | null,
  request: FastifyRequest,
  consumer: string,
  eventId: number | null,
): Promise<number> {
  if (!auth) throw forbidden();
  return platform.tenancy.crossAccount('outbox', async (tx) => {
    const requeued = await requeueDead(tx, consumer, eventId);
    if (requeued === 0) return 0;
    await recordChange(tx, auth, request.ip, {
      area: 'change-events',
      recordId: eventId,
      kind: 'retry',
      label: consumer,
      after: { consumer, ...(eventId === null ? { events: requeued } : { eventId }) },
    });
    return requeued;
  });
}

export function registerChangeEventRoutes(api: FastifyInstance, platform: Platform): void {
  const allow = isProviderAdmin;
  openRoute(api, platform, changeEventRoutes.dead, {
    allow,
    changesState: false,
    handler: async (_ctx, { params, body }) => {
      const consumer = consumerOf(body.filters, body.sortBy);
      const consumers = platform.outbox.consumers.map((c) => c.name);
      const search = body.search?.trim() ? body.search.trim() : undefined;
      const { records, total } = await platform.tenancy.crossAccount('outbox', (tx) =>
        deadEvents(tx, { consumers, consumer, search, ...params }),
      );
      const lastPage = params.limit === -1 || params.offset + params.limit >= total;
      return { records: records.map(deadRecord), totalRecords: total, lastPage };
    },
  });

  openRoute(api, platform, changeEventRoutes.retry, {
    allow,
    handler: async ({ auth, request }, { params }) => {
      const consumer = declared(platform, params.name);
      if ((await retry(platform, auth, request, consumer, params.eventId)) === 0) {
        throw new HttpError(404, 'No dead event of that consumer has that id');
      }
      return { success: true, message: `Event ${params.eventId} put back for delivery to ${consumer}` };
    },
  });

  openRoute(api, platform, changeEventRoutes.retryAll, {
    allow,
    handler: async ({ auth, request }, { params }) => {
      const consumer = declared(platform, params.name);
      const requeued = await retry(platform, auth, request, consumer, null);
      if (requeued === 0) throw new HttpError(404, 'The consumer has no dead events to retry');
      return {
        success: true,
        message: `${requeued} dead ${requeued === 1 ? 'event' : 'events'} put back for delivery to ${consumer}`,
      };
    },
  });
}
