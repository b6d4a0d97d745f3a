/** The generic list contract of spec 1 §7: {path}/{offset}/{limit}, -1/-1 meaning all. */
import { z } from 'zod';
import { MAX_PAGE_SIZE } from './constants.ts';

export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

export const filterValue = z.union([z.string(), z.number(), z.boolean()]);
export const filtersSchema = z.record(z.string(), filterValue);
export type ListFilters = z.infer<typeof filtersSchema>;

export const listParamsBase = z.object({
  offset: z.coerce.number().int().min(-1),
  limit: z.coerce.number().int().min(-1),
});

/** The paging rules: -1/-1 (all) or an offset from 0 with a limit of 1-200. */
export function withPagingRules<T extends z.ZodType<{ offset: number; limit: number }>>(schema: T) {
  return schema
    .refine((p) => (p.offset === -1) === (p.limit === -1), { error: 'offset and limit must both be -1 or neither' })
    .refine((p) => p.limit === -1 || (p.limit >= 1 && p.limit <= 200), { error: 'limit must be 1-200' });
}

export const listParams = withPagingRules(listParamsBase);

/** POST body of a list call. */
const listBodyShape = {
  sortBy: z.string().max(64).optional(),
  direction: z.enum(SORT_DIRECTIONS).optional(),
  search: z.string().max(100).optional(),
  filters: filtersSchema.optional(),
};
export const listBody = z.object(listBodyShape).default({});

/** Most characters of a keyset list's cursor. */
export const MAX_CURSOR_LENGTH = 800;

/**
 * POST body of a keyset list (a large append-only list: call records, recordings, SMS, audit): a
 * list body with the `cursor` its previous page answered (`nextCursor`). With a cursor the page is
 * the rows after it in the list's key order, and the path's offset is 0.
 */
export const keysetListBody = z
  .object({ ...listBodyShape, cursor: z.string().max(MAX_CURSOR_LENGTH).optional() })
  .default({});

/**
 * POST body of a list whose paging is in the body rather than the path (the spec's POST {path}
 * lists: /prompt/overview, /numbering/allocated): a list body with offset and limit, -1/-1 (all) by
 * default, under the same paging rules.
 */
export const pagedListBody = withPagingRules(
  z.object({
    ...listBodyShape,
    offset: z.number().int().min(-1).default(-1),
    limit: z.number().int().min(-1).default(-1),
  }),
);

/** Most fields a pick may name. */
export const MAX_PICK_FIELDS = 20;

/**
 * POST body of a pick ({path}/pick/{offset}/{limit}): a list's body with the record fields wanted
 * (a picker needs a few of a record's fields, not all of every record). The id always comes.
 */
export const pickBody = z.object({
  ...listBodyShape,
  fields: z
    .array(z.string().max(64))
    .min(1, { error: 'Name at least one field' })
    .max(MAX_PICK_FIELDS, { error: `Name at most ${MAX_PICK_FIELDS} fields` }),
});
export type PickBody = z.input<typeof pickBody>;

/** A picked record: the id and the fields named, as the record has them. */
export const pickedRecord = z.record(z.string(), z.unknown());

/**
 * GET query of a list call: sortByDir instead of direction, filters as JSON (checked by `filters`:
 * the server passes its area's whitelist, a client the generic record).
 */
export function listQueryWith(filters: z.ZodType, sortBy: z.ZodType = z.string().max(64)) {
  return z.object({
    sortBy: sortBy.optional(),
    sortByDir: z.enum(SORT_DIRECTIONS).optional(),
    search: z.string().max(100).optional(),
    filters: z
      .string()
      .optional()
      .transform((raw, ctx) => {
        if (raw === undefined || raw === '') return undefined;
        let parsed: unknown;
        try {
          parsed = JSON.parse(raw);
        } catch {
          ctx.addIssue({ code: 'custom', message: 'filters must be a JSON object' });
          return z.NEVER;
        }
        const result = filters.safeParse(parsed);
        if (!result.success) {
          for (const issue of result.error.issues) {
            ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path.map(String) });
          }
          return z.NEVER;
        }
        return result.data as ListFilters;
      }),
  });
}
export const listQuery = listQueryWith(filtersSchema);

export interface ListRequest {
  offset: number;
  limit: number;
  sortBy?: string;
  direction?: SortDirection;
  search?: string;
  filters?: ListFilters;
}

export interface ListReply<T> {
  records: T[];
  totalRecords: number;
  /** True when this page is the last one (or the only one). */
  lastPage: boolean;
}

export function listReplySchema<T extends z.ZodType>(record: T) {
  return z.object({ records: z.array(record), totalRecords: z.number().int(), lastPage: z.boolean() });
}

/**
 * The reply of a keyset list: a list reply with the cursor of the page after it (null on the last
 * page; absent when the list is sorted by another field than its key).
 */
export function keysetListReplySchema<T extends z.ZodType>(record: T) {
  return listReplySchema(record).extend({ nextCursor: z.string().nullable().optional() });
}

/** The reply of every save: success, message, validation (field name to message). */
export const saveReply = z.object({
  success: z.boolean(),
  message: z.string(),
  validation: z.record(z.string(), z.string()).optional(),
  id: z.number().int().optional(),
});
export type SaveReply = z.infer<typeof saveReply>;

/** A reply of success and message with what else the request answers (a secret, an order, ...). */
export function outcomeReply<S extends z.ZodRawShape>(shape: S) {
  return z.object({ success: z.boolean(), message: z.string() }).extend(shape);
}

export { MAX_PAGE_SIZE };
