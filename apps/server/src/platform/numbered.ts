/**
 * Numbered resources (seats, time profiles, call groups, queues, IVRs, conference rooms): one
 * numbering plan per account. `numberedResource()` declares such an area's resource from its number
 * (order, usage, destination, the free-number check, the unique indexes, no routing to itself) and
 * adds the next free number within the area's bounds and the bulk add of a range in one transaction
 * — every number checked first, then each created through the resource (its validators and events),
 * all or none.
 */
import {
  DESTINATION_TYPE_LABELS,
  type DestinationType,
  MESSAGES,
  type NumberMessages,
  type RouteContract,
  rangeNumbers,
} from '@switchboard/domain';
import type { FastifyInstance } from 'fastify';
import { type RawBuilder, sql } from 'kysely';
import type { z } from 'zod';
import { DIAL_PLAN_BLOCK } from '../db/dial-plan-blocks.ts';
import { validationError } from './errors.ts';
import type { FieldDef } from './fields.ts';
import type { Platform } from './platform.ts';
import {
  type DestinationSourceDef,
  type ResourceDef,
  type ResourceHandle,
  resource,
  type Validator,
} from './resources.ts';
import { type Ctx, tenantRoute } from './routes.ts';
import type { Tx } from './tenancy.ts';
import { destination } from './validators.ts';

export interface Bounds {
  min: number;
  max: number;
}

/**
 * The numbers of `candidates` already dialled in the account: the one numbering plan of seats,
 * time profiles and every other numbered object (dial_plan, kept by their tables' triggers).
 */
export async function takenNumbers(tx: Tx, candidates: number[]): Promise<number[]> {
  if (candidates.length === 0) return [];
  const rows = await tx.selectFrom('dial_plan').select('number').where('number', 'in', candidates).execute();
  return rows.map((r) => r.number);
}

/**
 * The next free number of the account's plan within `bounds` for an object of `kind`: the first
 * free one after the highest number of that kind (numbering runs on from the area's last), else
 * the lowest free one; null when the bounds are full. One query, which reads a bounded part of the
 * plan whatever its size and gaps (issue 25: ≤ 20 ms at 80,000 seats with the top extension taken).
 *
 * Each read names the transaction's account (`app_account_no()`, what row-level security reads
 * too): the policy alone is no index condition for a sub-query. The first free number from `f` is:
 * one in f's own block of 100 (`gap`: at most a hundred numbers of the plan, each beside the next by
 * `lead`, to the first that is not followed by its successor), else one in the first block after
 * it with room — a block not full, or one the plan has no number in, found by a walk of the blocks'
 * counts (`dial_plan_blocks`, kept by the database: migration 054), one row per full block — where
 * `gap` finds it. A block with room past `bounds.max` is past the bounds: none then.
 */
export async function nextFreeNumber(tx: Tx, kind: string, bounds: Bounds): Promise<number | null> {
  const account = sql`(select app_account_no())`;
  const size = sql.lit(DIAL_PLAN_BLOCK);
  const max = sql`${bounds.max}::int`;
  // The first number of a..z not in the plan (a..z: at most one block). Under row-level security
  // only a plain column (or a value) beside the key's column makes an index condition, never
  // arithmetic on one (not LEAKPROOF): each bound is computed as a column of a sub-query first.
  const gap = (a: RawBuilder<unknown>, z: RawBuilder<unknown>) => sql`(case
      when not exists (select 1 from dial_plan where account_no = ${account} and number = ${a}) then ${a}
      else (select g.n from (select number + 1 as n, lead(number) over (order by number) as next
          from dial_plan where account_no = ${account} and number >= ${a} and number <= ${z}) g
        where g.next is distinct from g.n and g.n <= ${z} limit 1)
    end)`;
  // The first block after s.b's with room: not full, or absent (after a row whose next is not its successor).
  const roomAfter = sql`(select r.b from (select case
        when block > s.b and taken < ${size} then block
        when lead(block) over (order by block) is distinct from block + 1 then block + 1
      end as b from dial_plan_blocks where account_no = ${account} and block >= s.b and block <= s.last) r
    where r.b is not null limit 1)`;
  // From f: a gap in f's block, else in the first block after it with room (each step a sub-query
  // of its own, offset 0, run only when the one before found nothing); none past bounds.max.
  const free = (from: RawBuilder<unknown>) => sql`(select coalesce(here.n, there.n)
    from (select f, f / ${size} as b, least(f / ${size} * ${size} + ${size} - 1, ${max}) as z, ${max} / ${size} as last
      from (select ${from} as f offset 0) f where f <= ${max} offset 0) s
    cross join lateral (select ${gap(sql`s.f`, sql`s.z`)} as n offset 0) here
    left join lateral (select room.b * ${size} as a, least(room.b * ${size} + ${size} - 1, ${max}) as z
      from (select ${roomAfter} as b where here.n is null offset 0) room where room.b <= s.last offset 0) next on true
    left join lateral (select ${gap(sql`next.a`, sql`next.z`)} as n where next.a is not null) there on true)`;
  const after = sql`coalesce((select max(number) + 1 from dial_plan
    where account_no = ${account} and kind = ${kind} and number between ${bounds.min} and ${max}),
    ${bounds.min})::int`;
  const { rows } = await sql<{ n: number | null }>`
    select coalesce(${free(after)}, ${free(sql`${bounds.min}::int`)}) as n`.execute(tx);
  const n = rows[0]?.n;
  return n === null || n === undefined ? null : Number(n);
}

/** A create's number is free in the account's plan (its primary key is the last word when creates race). */
export const numberFree =
  (field: string, message: string): Validator<Record<string, unknown>> =>
  async ({ db, values }) => {
    const n = Number(values[field]);
    return (await takenNumbers(db, [n])).length > 0 ? { [field]: message } : undefined;
  };

/** What a numbered area states beside its resource: its number and how the plan names its records. */
export interface NumberDef<Rec extends { id: number }, Cr extends z.ZodType, Range> {
  /** The number's API field (the list's default order, ascending). */
  field: keyof Rec & string;
  /** The destination type and the numbering plan's kind ('callgroup' routes to 'callgroup:300'). */
  kind: DestinationType;
  /**
   * The field naming a record beside its number: the record's label, and '{number} - {title}' where
   * it is used or routed to ('In use in Call Group 300 - Sales'). Or `name`, that SQL, with a label.
   */
  title?: keyof Rec & string;
  name?: string;
  /** The unique index of the number in the area's table (a clash is the number in use). */
  unique: string;
  /** Fields holding destinations, which may not be the record itself (refused with `self`). */
  routesTo?: { fields: string[]; self: string };
  /** The label's texts kept in an indexed column, for the destination pickers' searches (DestinationSource). */
  indexedText?: DestinationSourceDef['indexedText'];
  /** Further destinations each record is, by the same number (a seat's voicemail). */
  also?: ReadonlyArray<{ type: DestinationType; source: DestinationSourceDef }>;
  /** The account's bounds (seats: by the account's extension digits). */
  bounds: Bounds | ((ctx: Ctx) => Promise<Bounds> | Bounds);
  messages: Pick<NumberMessages, 'inUse' | 'rangeInUse'>;
  /** A further check of the next-number call's parameters (e.g. the account its path names). */
  checkNext?: (ctx: Ctx, params: unknown) => void;
  /** The range add (the routes' `range`). */
  range?: {
    /** The range from the body (when its schema depends on the account; else the contract's body is it). */
    parse?: (ctx: Ctx, body: unknown) => Promise<Range>;
    /** The create values of the range's records, but their number (each gets its own). */
    values: (range: Range) => Partial<z.output<Cr>>;
    /** One result's message ('{label} created successfully'); by default '{number} - {record's label}'. */
    label?: (record: Rec) => string;
  };
}

/** The next free number (the routes' `next`) and the range add of a numbered resource. */
function numbered<Rec extends { id: number }, Cr extends z.ZodType, Range extends { from: number }>(
  api: FastifyInstance,
  platform: Platform,
  // biome-ignore lint/suspicious/noExplicitAny: any resource's update schema.
  resource: ResourceHandle<Rec, any, Cr>,
  def: NumberDef<Rec, Cr, Range>,
  routes: { next?: RouteContract; range?: RouteContract },
): void {
  const bounds = def.bounds;
  const label = def.range?.label ?? ((record: Rec) => `${record[def.field]} - ${resource.def.label(record)}`);
  if (routes.next) {
    tenantRoute(api, platform, routes.next, {
      allow: resource.rules('read'),
      readOnly: true,
      handler: async (ctx, { params }) => {
        def.checkNext?.(ctx, params);
        return {
          extension: await nextFreeNumber(ctx.db, def.kind, typeof bounds === 'function' ? await bounds(ctx) : bounds),
        };
      },
    });
  }
  const range = def.range;
  if (range && routes.range) {
    tenantRoute(api, platform, routes.range, {
      allow: resource.rules('create'),
      handler: async (ctx, { body }) => {
        const r = range.parse ? await range.parse(ctx, body) : (body as Range);
        const numbers = rangeNumbers(r as Range & { to?: number | '' | null });
        const clashes = await takenNumbers(ctx.db, numbers);
        if (clashes.length > 0) {
          throw validationError({ from: numbers.length === 1 ? def.messages.inUse : def.messages.rangeInUse });
        }
        // The range's blocks of the plan locked in order first (migration 054): a create further up
        // the range then waits for this add instead of holding a block the add is yet to reach.
        await sql`select app_dial_plan_reserve(${Math.min(...numbers)}, ${Math.max(...numbers)})`.execute(ctx.db);
        const results = [];
        try {
          for (const n of numbers) {
            const values = { ...range.values(r), [def.field]: n } as z.output<Cr>;
            const { id, record } = await resource.create(ctx, values);
            results.push({
              extension: n,
              id,
              success: true,
              message: `${label(record)} ${MESSAGES.createdSuccessfully}`,
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

export interface NumberedResourceDef<
  Rec extends { id: number },
  In extends z.ZodType,
  Cr extends z.ZodType,
  Range extends { from: number },
> extends Omit<ResourceDef<Rec, In, Cr>, 'title' | 'defaultSort' | 'usage' | 'destination' | 'label'> {
  /** By default the number's `title`. */
  label?: (record: Rec) => string;
  routes: ResourceDef<Rec, In, Cr>['routes'] & { next?: RouteContract; range?: RouteContract };
  number: NumberDef<Rec, Cr, Range>;
}

/**
 * A numbered area (seats, time profiles, call groups, queues, IVRs, rooms): a resource whose records
 * have a number of the account's one plan, listed by it, named by it where they are used ('/{area}/'
 * is their page) and routed to by it; the create's number must be free (its unique index and the
 * plan's key are the last word), the next free number and the range add come with it.
 */
export function numberedResource<
  Rec extends { id: number },
  In extends z.ZodType,
  Cr extends z.ZodType,
  Range extends { from: number },
>(api: FastifyInstance, platform: Platform, def: NumberedResourceDef<Rec, In, Cr, Range>): ResourceHandle<Rec, In, Cr> {
  const { number: n, ...rest } = def;
  const sqlOf = (field: string) => (def.fields[field as keyof Rec & string] as FieldDef).sql;
  const title = n.title;
  const label = def.label ?? (title ? (record: Rec) => String(record[title]) : undefined);
  const name = n.name ?? (title ? `${sqlOf(n.field)} || ' - ' || ${sqlOf(title)}` : undefined);
  if (!label || !name) throw new Error(`${def.area}: a numbered area names its records (title, or name and label)`);
  const inUse = { field: n.field, message: n.messages.inUse };
  const own = (current: Record<string, unknown> | null, values: Record<string, unknown>) =>
    (current?.[n.field] ?? values[n.field]) as number;
  const routesTo = n.routesTo
    ? [destination(n.routesTo.fields, { type: n.kind, key: own, message: n.routesTo.self }) as Validator]
    : [];
  const handle = resource<Rec, In, Cr>(api, platform, {
    ...rest,
    defaultSort: { field: n.field, direction: 'asc' },
    label,
    usage: { type: DESTINATION_TYPE_LABELS[n.kind], name, link: `'/${def.area}/' || ${def.table}.id` },
    destination: {
      type: n.kind,
      key: (record) => String(record[n.field]),
      source: {
        key: sqlOf(n.field),
        numericKey: true,
        label: name,
        ...(n.indexedText ? { indexedText: n.indexedText } : {}),
      },
      ...(n.also ? { also: n.also } : {}),
    },
    validateCreate: [...(def.validateCreate ?? []), numberFree(n.field, n.messages.inUse) as Validator],
    validate: [...(def.validate ?? []), ...routesTo],
    uniqueViolations: { [n.unique]: inUse, dial_plan_pkey: inUse, ...def.uniqueViolations },
  });
  numbered(api, platform, handle, n, def.routes);
  return handle;
}
