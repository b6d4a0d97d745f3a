/**
 * The typed data layer over the fetch wrapper (api.ts): `call(route, { params, query, body })` with
 * a route contract of the domain (contract.ts). What is sent is typed by the route's input schemas
 * and what comes back by its reply schema, so an area writes no request or response type of its
 * own. The path is filled from `params` (fillPath); `query` becomes the query string (an object
 * value as JSON, as the spec's list filters); the body is JSON.
 *
 *   const list = await call(accessListRoutes.read, { params: { id: 3 } }); // typed AccessList
 *
 * The reply is the server's, not parsed again here: the server serialises it with the same schema.
 */
import {
  fillPath,
  type RouteBodyIn,
  type RouteContract,
  type RouteParamsIn,
  type RouteQueryIn,
  type RouteReply,
} from '@switchboard/domain';
import { request } from './api.ts';

/**
 * A part of the input: required when the route declares it and its input needs something (it
 * cannot be undefined, and is not an object of optional fields only, like an optional query).
 */
type Part<S, V> = S extends object
  ? undefined extends V
    ? V | undefined
    : Partial<V> extends V
      ? V | undefined
      : V
  : undefined;

export interface CallParts<R extends RouteContract> {
  params: Part<R['params'], RouteParamsIn<R>>;
  query: Part<R['query'], RouteQueryIn<R>>;
  body: Part<R['body'], RouteBodyIn<R>>;
  /** Request headers, e.g. an update's If-Match (api.ts `ifMatch(version)`). */
  headers: Record<string, string> | undefined;
}

type Optional<T> = { [K in keyof T as undefined extends T[K] ? K : never]?: T[K] };
type Required_<T> = { [K in keyof T as undefined extends T[K] ? never : K]: T[K] };

/** What `call` takes besides the route: `params`, `query` and `body` as the route declares them. */
export type CallInput<R extends RouteContract> = Optional<CallParts<R>> & Required_<CallParts<R>>;

type CallArgs<R extends RouteContract> =
  // biome-ignore lint/complexity/noBannedTypes: an input without required parts may be left out.
  {} extends CallInput<R> ? [input?: CallInput<R>] : [input: CallInput<R>];

/** The untyped input of `send` (the typed entry is `call`). */
export interface RawInput {
  params?: Record<string, unknown>;
  query?: Record<string, unknown>;
  body?: unknown;
  headers?: Record<string, string>;
}

/** Query string of a GET: undefined values are left out, objects sent as JSON ('filters'). */
export function queryString(query: Record<string, unknown> | undefined): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    search.set(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/**
 * A call with a loosely typed input, for the platform's generic helpers (which know a route only
 * by its shape); areas use `call`. A POST, PUT or PATCH without a body sends `{}`, as the API wants.
 */
export function send<T>(route: Pick<RouteContract, 'method' | 'path'>, input: RawInput = {}): Promise<T> {
  const path = fillPath(route.path, input.params) + queryString(input.query);
  const needsBody = route.method === 'POST' || route.method === 'PUT' || route.method === 'PATCH';
  return request<T>(route.method, path, input.body ?? (needsBody ? {} : undefined), input.headers);
}

/** Calls a route of a contract: the input typed from its schemas, the reply from its reply schema. */
export function call<R extends RouteContract>(route: R, ...[input]: CallArgs<R>): Promise<RouteReply<R>> {
  return send<RouteReply<R>>(route, (input ?? {}) as RawInput);
}

/** A multipart upload (a CSV, an audio file) to a route: the params as `call`'s, the reply typed. */
export function upload<R extends RouteContract>(
  route: R,
  params: RouteParamsIn<R> extends undefined ? Record<string, never> : RouteParamsIn<R>,
  form: FormData,
): Promise<RouteReply<R>> {
  return request<RouteReply<R>>(route.method, fillPath(route.path, params as Record<string, unknown>), form);
}
