/**
 * Route contracts: one declaration of a call (method, path, params, query, body, reply) shared by
 * the server, which registers and validates it, and the web client, which calls it with types
 * derived from the same zod schemas. Paths are relative to the API base and name their parameters
 * ':name' (Fastify's syntax); the client fills them in from `params`.
 */
import { z } from 'zod';
import { idParam, recordId } from './fields.ts';
import {
  keysetListBody,
  keysetListReplySchema,
  listBody,
  listParams,
  listParamsBase,
  listQuery,
  listReplySchema,
  pagedListBody,
  pickBody,
  pickedRecord,
  saveReply,
  withPagingRules,
} from './paging.ts';

export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

export interface RouteContract {
  /** The method the client uses; the server also answers `alsoMethods` (the spec's second verb). */
  method: HttpMethod;
  alsoMethods?: readonly HttpMethod[];
  /** '/accesscontrol/:id/entries' */
  path: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  reply: z.ZodType;
  /**
   * The reply's media types when it is not JSON (a PDF, audio): the handler sends the bytes, and the
   * API document says so (a generated client then reads them as bytes, not JSON).
   */
  replyTypes?: readonly string[];
  /** The OpenAPI tag (the area's folder name). */
  tag: string;
  summary?: string;
  /**
   * Counted against a per-address (or per-name) budget: past it the call answers 429 with how long
   * to wait (sign-in, registration, the e-mailed links). The API document says so.
   */
  throttled?: boolean;
  /**
   * What this call's own error replies mean, by status, where the shared description says too little
   * (sign-in's 401 and 409): the API document gives each its own response.
   */
  errors?: Readonly<Partial<Record<ErrorStatus, string>>>;
}

/** The statuses of the error replies the API document describes (apps/server/src/platform/openapi.ts). */
export type ErrorStatus = '400' | '401' | '403' | '404' | '409' | '413' | '429' | '503';

/** Declares a route; the identity function, kept for the literal types it infers. */
export function route<const R extends RouteContract>(contract: R): R {
  return contract;
}

type SchemaIn<S> = S extends z.ZodType ? z.input<S> : undefined;
type SchemaOut<S> = S extends z.ZodType ? z.output<S> : undefined;

/** What a caller sends: the inputs of the route's schemas. */
export type RouteParamsIn<R extends RouteContract> = SchemaIn<R['params']>;
export type RouteQueryIn<R extends RouteContract> = SchemaIn<R['query']>;
export type RouteBodyIn<R extends RouteContract> = SchemaIn<R['body']>;
/** What a handler receives: the outputs (parsed, defaulted, coerced). */
export type RouteParams<R extends RouteContract> = SchemaOut<R['params']>;
export type RouteQuery<R extends RouteContract> = SchemaOut<R['query']>;
export type RouteBody<R extends RouteContract> = SchemaOut<R['body']>;
/** What the handler returns (the reply schema's input) and what the client gets (its output). */
export type RouteReplyIn<R extends RouteContract> = z.input<R['reply']>;
export type RouteReply<R extends RouteContract> = z.output<R['reply']>;

/** '/seat/:id/password' with { id: 7 } → '/seat/7/password'. */
export function fillPath(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/:([A-Za-z_]\w*)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null) throw new Error(`Missing path parameter '${name}' for ${path}`);
    return encodeURIComponent(String(value));
  });
}

/**
 * The reply of every refused request (4xx and 5xx): the message to show and, on a 400 (and a 409 that
 * names a field), each field's message by its dotted path. The API document declares it once for the
 * error statuses of every operation (apps/server/src/platform/openapi.ts).
 */
export const errorReply = z.object({
  success: z.literal(false),
  message: z.string(),
  validation: z.record(z.string(), z.string()).optional(),
});
export type ErrorReply = z.infer<typeof errorReply>;

/**
 * The first fields of a resource's record: its id, and its version, incremented by every change (an
 * update names the version it was based on: If-Match).
 */
export const versionedRecordFields = { id: z.number().int(), version: z.number().int() };

export const MAX_DELETE_IDS = 500;
const bodyId = recordId(undefined, { numberOnly: true });
/** The body of an id-less delete (the spec's 'DELETE /accesscontrol'): `{ id }` or `{ ids: [...] }`. */
export const deleteBody = z.union([
  z.strictObject({ id: bodyId }),
  z.strictObject({ ids: z.array(bodyId).min(1).max(MAX_DELETE_IDS) }),
]);
export type DeleteBody = z.infer<typeof deleteBody>;

/** The delete reply: the per-id reply, with `ids` when the body gave several. */
export const deleteReply = saveReply.extend({ ids: z.array(z.number().int()).optional() });
export type DeleteReply = z.infer<typeof deleteReply>;

/**
 * Any subset of `input`'s fields (PATCH, and the spec's POST save): the server merges it with the
 * stored record and validates the whole, so only the fields sent change.
 */
export function partialOf<In extends z.ZodType>(_input: In) {
  return z.custom<Partial<z.input<In>>>((v) => typeof v === 'object' && v !== null && !Array.isArray(v));
}

export interface ResourceSchemas<Rec extends z.ZodType, In extends z.ZodType, Cr extends z.ZodType> {
  tag: string;
  record: Rec;
  /** The update body (PUT {path}/{id}). */
  input: In;
  /** The create body when richer than the update's (e.g. a number fixed once created). */
  create?: Cr;
  /** The spec also saves with POST {path}/{id} (seats, time profiles): a partial save, like PATCH. */
  saveByPost?: boolean;
}

/**
 * A parent's child collection (an access list's numbers, a dial-through's caller IDs): every child
 * of the parent :id (GET {path}) and a page of them, searchable (POST {path}/:offset/:limit).
 */
export function childListRoutes<const P extends string, Rec extends z.ZodType>(path: P, record: Rec, tag: string) {
  const reply = listReplySchema(record);
  return {
    all: route({ method: 'GET', path, params: idParam, reply, tag }),
    page: route({
      method: 'POST',
      path: `${path}/:offset/:limit`,
      params: withPagingRules(idParam.extend(listParamsBase.shape)),
      body: listBody,
      reply,
      tag,
    }),
  };
}

/** A paged list: POST {path}/{offset}/{limit} (-1/-1 = all) with the list body's sort, search and filters. */
export function pagedListRoute<const P extends string, Rec extends z.ZodType>(path: P, record: Rec, tag: string) {
  return route({
    method: 'POST',
    path: `${path}/:offset/:limit`,
    params: listParams,
    body: listBody,
    reply: listReplySchema(record),
    tag,
  });
}

/**
 * A resource's list (POST {path}/{offset}/{limit}, -1/-1 = all) and read (GET {path}/{id}): all
 * the generic contract that a read-mostly area (pickup groups, call monitoring) shares.
 */
export function listAndReadRoutes<const P extends string, Rec extends z.ZodType>(path: P, record: Rec, tag: string) {
  return {
    list: pagedListRoute(path, record, tag),
    read: route({ method: 'GET', path: `${path}/:id`, params: idParam, reply: record, tag }),
  };
}

/**
 * A list the spec calls as POST {path}, without offset and limit in the path (POST /prompt/overview,
 * POST /numbering/allocated): the paging, when wanted, in the body (-1/-1, all, by default) with the
 * list body's sort, search and filters; the reply of every list.
 */
export function listByBodyRoute<const P extends string, Rec extends z.ZodType>(path: P, record: Rec, tag: string) {
  return route({ method: 'POST', path, body: pagedListBody, reply: listReplySchema(record), tag });
}

/**
 * A keyset list (a large append-only list, issue 26): the generic POST {path}/{offset}/{limit} list
 * whose body may carry the `cursor` of the page before and whose reply answers `nextCursor`.
 */
export function keysetListRoute<const P extends string, Rec extends z.ZodType>(path: P, record: Rec, tag: string) {
  return route({
    method: 'POST',
    path: `${path}/:offset/:limit`,
    params: listParams,
    body: keysetListBody,
    reply: keysetListReplySchema(record),
    tag,
  });
}

/**
 * The generic contract of spec 1 §7 for one resource: list (POST and GET {path}/{offset}/{limit},
 * -1/-1 = all), read, create, update, delete and the id-less delete.
 */
export function resourceRoutes<
  const P extends string,
  Rec extends z.ZodType,
  In extends z.ZodType,
  Cr extends z.ZodType = In,
>(path: P, schemas: ResourceSchemas<Rec, In, Cr>) {
  const { tag, record, input } = schemas;
  const create = (schemas.create ?? input) as Cr;
  const { list, read } = listAndReadRoutes(path, record, tag);
  const listReply = list.reply;
  return {
    list,
    listByQuery: route({
      method: 'GET',
      path: `${path}/:offset/:limit`,
      params: listParams,
      query: listQuery,
      reply: listReply,
      tag,
    }),
    /** Only the fields a picker needs (id and `fields`), listed as the list is (-1/-1 = all). */
    pick: route({
      method: 'POST',
      path: `${path}/pick/:offset/:limit`,
      params: listParams,
      body: pickBody,
      reply: listReplySchema(pickedRecord),
      tag,
    }),
    read,
    create: route({ method: 'POST', path, body: create, reply: saveReply, tag }),
    /** A complete body: every field of the update (a missing one is an error, never a default). */
    update: route({ method: 'PUT', path: `${path}/:id`, params: idParam, body: input, reply: saveReply, tag }),
    /** Only the fields sent change (a bulk edit sends what the user set). */
    patch: route({
      method: 'PATCH',
      path: `${path}/:id`,
      params: idParam,
      body: partialOf(input),
      reply: saveReply,
      tag,
    }),
    /** The spec's POST {path}/{id} save, where it has one: partial, like PATCH. */
    ...(schemas.saveByPost
      ? {
          save: route({
            method: 'POST',
            path: `${path}/:id`,
            params: idParam,
            body: partialOf(input),
            reply: saveReply,
            tag,
          }),
        }
      : {}),
    remove: route({ method: 'DELETE', path: `${path}/:id`, params: idParam, reply: saveReply, tag }),
    removeMany: route({ method: 'DELETE', path, body: deleteBody, reply: deleteReply, tag }),
  };
}
export type ResourceRoutes = ReturnType<typeof resourceRoutes>;
