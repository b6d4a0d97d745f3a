/**
 * Writes to routing objects, checked as a whole: a resource whose records route calls (a
 * destination, or declared `routing: true`: the numbers) and the children of one (a group's
 * members, a profile's calendar entries) ask every registered check before the write; each
 * answers its check after the write, run in the same transaction once the write is done — it
 * throws to refuse, and the whole write rolls back. The platform only runs the checks: the
 * routing-health area registers the one there is (a loop with no way out, as the engine decides).
 */
import type { Tx } from './tenancy.ts';

/** What a check reads: the write's transaction, of the account written. */
export interface RoutingWriteCtx {
  db: Tx;
  auth: { accountNo: number };
}

/** Run after the write; throws to refuse it. `start`: the destination value of the record written, when it is one. */
export type RoutingAfter = (start: string | undefined) => Promise<void>;
/** Asked before a write: answers what to run after it. */
export type RoutingCheck = (ctx: RoutingWriteCtx) => Promise<RoutingAfter>;

export class RoutingWrites {
  private readonly checks: RoutingCheck[] = [];

  add(check: RoutingCheck): void {
    this.checks.push(check);
  }

  /** Asks every check before a write (in its transaction); answers what to run after it. */
  async before(ctx: RoutingWriteCtx): Promise<RoutingAfter> {
    const afters: RoutingAfter[] = [];
    for (const check of this.checks) afters.push(await check(ctx));
    return async (start) => {
      for (const after of afters) await after(start);
    };
  }
}

/** Whether a resource's records route calls: they are destinations, or it says so. */
export const isRoutingObject = (def: { destination?: unknown; routing?: boolean }): boolean =>
  def.routing ?? def.destination !== undefined;

/** `handler` between the routing checks when `routing` (a write of the children of a routing object). */
export function routingChecked<C extends RoutingWriteCtx & { platform: { routing: RoutingWrites } }, I, O>(
  routing: boolean,
  handler: (ctx: C, input: I) => Promise<O>,
): (ctx: C, input: I) => Promise<O> {
  if (!routing) return handler;
  return async (ctx, input) => {
    const after = await ctx.platform.routing.before(ctx);
    const result = await handler(ctx, input);
    await after(undefined);
    return result;
  };
}
