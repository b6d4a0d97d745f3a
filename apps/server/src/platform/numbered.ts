/**
 * Numbered resources (seats, time profiles; call groups, queues, IVRs, rooms next): the next free
 * number within the area's bounds, and the bulk add of a range in one transaction — every number
 * checked first, then each created through the resource (its validators and events), all or none.
 */
import { MESSAGES, type NumberMessages, type RouteContract, rangeNumbers } from '@switchboard/domain';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { z } from 'zod';
import { validationError } from './errors.ts';
import type { Platform } from './platform.ts';
import type { ResourceHandle, Validator } from './resources.ts';
import { type Ctx, tenantRoute } from './routes.ts';
import { loose, type Tx } from './tenancy.ts';

export interface Bounds {
  min: number;
  max: number;
}

/** The numbers of `candidates` already used in `table.column` (row-level security: the account's). */
export async function takenNumbers(tx: Tx, table: string, column: string, candidates: number[]): Promise<number[]> {
  if (candidates.length === 0) return [];
  const rows = await loose(tx)
    .selectFrom(table)
    .select(sql.ref(column).as('n'))
    .where(column, 'in', candidates)
    .execute();
  return rows.map((r) => Number(r.n));
}

/**
 * The next free number: the one after the highest in use within the bounds (numbering runs on
 * from the last), else the lowest gap; null when the bounds are full. One query.
 */
export async function nextFreeNumber(tx: Tx, table: string, column: string, bounds: Bounds): Promise<number | null> {
  const col = sql.ref(column);
  const t = sql.table(table);
  const { rows } = await sql<{ n: number | null }>`
    select coalesce(
      (select max(${col}) + 1 from ${t} where ${col} between ${bounds.min} and ${bounds.max}
        having max(${col}) < ${bounds.max}),
      (select min(g) from generate_series(${bounds.min}::int, ${bounds.max}::int) g
        where not exists (select 1 from ${t} where ${col} = g))
    ) as n`.execute(tx);
  const n = rows[0]?.n;
  return n === null || n === undefined ? null : Number(n);
}

/** A create's number is free (the unique constraint is the last word when two creates race). */
export const numberFree =
  (field: string, table: string, column: string, message: string): Validator<Record<string, unknown>> =>
  async ({ db, values }) => {
    const n = Number(values[field]);
    return (await takenNumbers(db, table, column, [n])).length > 0 ? { [field]: message } : undefined;
  };

export interface NumberedDef<Rec extends { id: number }, Cr extends z.ZodType, Range> {
  // biome-ignore lint/suspicious/noExplicitAny: any resource's update schema.
  resource: ResourceHandle<Rec, any, Cr>;
  /** The number's API field and column. */
  field: string;
  column: string;
  /** The account's bounds (seats: by the account's extension digits). */
  bounds: (ctx: Ctx) => Promise<Bounds> | Bounds;
  messages: Pick<NumberMessages, 'inUse' | 'rangeInUse'>;
  next?: RouteContract;
  /** A further check of the next-number call's parameters (e.g. the account its path names). */
  checkNext?: (ctx: Ctx, params: unknown) => void;
  range?: {
    route: RouteContract;
    /** The range from the body (when its schema depends on the account; else the contract's body is it). */
    parse?: (ctx: Ctx, body: unknown) => Promise<Range>;
    /** The create values of one number of the range. */
    values: (range: Range, number: number) => z.output<Cr>;
    /** One result's message ('{label} created successfully'). */
    label: (record: Rec) => string;
  };
}

export function numbered<Rec extends { id: number }, Cr extends z.ZodType, Range extends { from: number }>(
  api: FastifyInstance,
  platform: Platform,
  def: NumberedDef<Rec, Cr, Range>,
): void {
  const { resource, column } = def;
  const table = resource.def.table;
  if (def.next) {
    tenantRoute(api, platform, def.next, {
      allow: resource.rules('read'),
      readOnly: true,
      handler: async (ctx, { params }) => {
        def.checkNext?.(ctx, params);
        return { extension: await nextFreeNumber(ctx.db, table, column, await def.bounds(ctx)) };
      },
    });
  }
  const range = def.range;
  if (range) {
    tenantRoute(api, platform, range.route, {
      allow: resource.rules('create'),
      handler: async (ctx, { body }) => {
        const r = range.parse ? await range.parse(ctx, body) : (body as Range);
        const numbers = rangeNumbers(r as Range & { to?: number | '' | null });
        const clashes = await takenNumbers(ctx.db, table, column, numbers);
        if (clashes.length > 0) {
          throw validationError({ from: numbers.length === 1 ? def.messages.inUse : def.messages.rangeInUse });
        }
        const results = [];
        try {
          for (const n of numbers) {
            const { id, record } = await resource.create(ctx, range.values(r, n));
            results.push({
              extension: n,
              id,
              success: true,
              message: `${range.label(record)} ${MESSAGES.createdSuccessfully}`,
            });
          }
        } catch (error) {
          // A number taken meanwhile by another create (the unique constraint): the whole range is refused.
          const e = error as { code?: string; validation?: Record<string, string> };
          if (e.code === '23505' || (e.validation && def.field in e.validation)) {
            throw validationError({ from: def.messages.rangeInUse });
          }
          throw error;
        }
        return { success: true, message: MESSAGES.createdSuccessfully, results };
      },
    });
  }
}
