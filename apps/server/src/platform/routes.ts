/**
 * Route builders: an area registers a route from its contract (packages/domain route()) and a
 * guard. The platform checks the session and the permission before the body is validated, opens
 * the tenant transaction of the effective account, hands the handler that transaction (never the
 * database itself) and records the change events its writes emit, in the same transaction.
 */
import {
  CONTROL_CHARACTER,
  can,
  MESSAGES,
  type Resource,
  type RouteBody,
  type RouteContract,
  type RouteParams,
  type RouteQuery,
  type RouteReplyIn,
  type ServerRole,
} from '@switchboard/domain';
import { operationOf } from '@switchboard/domain/operations';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import type { z } from 'zod';
import { type AuthContext, type PermissionRule, requireAuth } from './auth.ts';
import { forbidden, HttpError, unauthorised, validationError } from './errors.ts';
import { type ChangeEvent, recordChange } from './outbox.ts';
import type { Platform } from './platform.ts';
import type { Tx } from './tenancy.ts';

/**
 * Who may call a route: permission rules that must all allow, one of several rules (`anyOf`, with
 * `allOf` rules that must all allow besides: "wholesale or a provider admin, and numbers"), or a
 * predicate over the session. Every guard also needs a signed-in session with panel access.
 */
export type Guard =
  | PermissionRule
  | readonly PermissionRule[]
  | { anyOf: readonly PermissionRule[]; allOf?: readonly PermissionRule[] }
  | ((auth: AuthContext) => boolean);

/** Whoever may read any of `resources` (e.g. the numbers that seats, trunks and numbers pick from). */
export const readersOf = (...resources: Resource[]): Guard => ({
  anyOf: resources.map((resource) => ({ resource, action: 'read' as const })),
});

export function allows(auth: AuthContext, guard: Guard): boolean {
  if (typeof guard === 'function') return guard(auth);
  if ('anyOf' in guard)
    return (
      guard.anyOf.some((r) => can(auth, r.resource, r.action)) &&
      (guard.allOf ?? []).every((r) => can(auth, r.resource, r.action))
    );
  const rules: readonly PermissionRule[] = Array.isArray(guard) ? guard : [guard as PermissionRule];
  return rules.every((r) => can(auth, r.resource, r.action));
}

/**
 * Cross-site request forgery: a request that changes state and does not carry a bearer token (so a
 * browser may have attached the session cookie by itself) must come from the panel's own origin.
 * Browsers say so in Sec-Fetch-Site, or in Origin; failing both (an older browser's GET), a Referer
 * must be the panel's own. A client that sends none of them is not a browser.
 */
export function assertSameOrigin(request: FastifyRequest): void {
  if (request.headers.authorization?.startsWith('Bearer ')) return;
  const site = request.headers['sec-fetch-site'];
  if (site === 'same-origin' || site === 'none') return;
  if (site === 'cross-site' || site === 'same-site') throw new HttpError(403, CROSS_SITE);
  const from = request.headers.origin ?? request.headers.referer;
  if (from === undefined) return;
  if (originOf(from) !== originOf(`${request.protocol}://${request.host}`)) throw new HttpError(403, CROSS_SITE);
}
/** The origin of a URL, or null (which matches nothing: an unreadable one is refused). */
function originOf(url: string): string | null {
  try {
    const origin = new URL(url).origin;
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}
const CROSS_SITE = 'Requests from other sites are not allowed';

declare module 'fastify' {
  interface FastifyRequest {
    /** A body's `version` as sent (undefined without one): an update based on it (assertVersion). */
    sentVersion?: unknown;
  }
}

function versionIn(body: unknown): unknown {
  return body && typeof body === 'object' && !Array.isArray(body) ? (body as { version?: unknown }).version : undefined;
}

function controlCharacterFields(value: unknown, path: string, out: Record<string, string>, depth = 0): void {
  if (depth > 20) return;
  if (typeof value === 'string') {
    if (CONTROL_CHARACTER.test(value)) out[path || '_'] = MESSAGES.controlCharacters;
  } else if (Array.isArray(value)) {
    value.forEach((v, i) => {
      controlCharacterFields(v, path ? `${path}.${i}` : String(i), out, depth + 1);
    });
  } else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (CONTROL_CHARACTER.test(k)) out[path || '_'] = MESSAGES.controlCharacters;
      controlCharacterFields(v, path ? `${path}.${k}` : k, out, depth + 1);
    }
  }
}

/** Refuses a request with a control character in any of its texts (400, the field named). */
export function refuseControlCharacters(request: FastifyRequest): void {
  const found: Record<string, string> = {};
  controlCharacterFields(request.params, '', found);
  controlCharacterFields(request.query, '', found);
  controlCharacterFields(request.body, '', found);
  if (Object.keys(found).length > 0) throw validationError(found);
}

/** The session allowed by `guard`, or the 401 / 403. */
export function authorise(request: FastifyRequest, guard: Guard): AuthContext {
  const auth = requireAuth(request);
  if (!allows(auth, guard)) throw forbidden();
  return auth;
}

export interface RouteInput<R extends RouteContract> {
  params: RouteParams<R>;
  query: RouteQuery<R>;
  body: RouteBody<R>;
}

/** What a tenant route's handler is given. */
export interface Ctx {
  auth: AuthContext;
  /** The transaction of the effective account: row-level security binds every query in it. */
  db: Tx;
  platform: Platform;
  request: FastifyRequest;
  reply: FastifyReply;
  /** Records a change of the account in this transaction (the outbox); several in one statement. */
  emit(event: ChangeEvent | readonly ChangeEvent[]): Promise<void>;
  /**
   * Work outside the database that must follow the transaction's fate (a stored file removed once
   * its row's delete commits, or once its row's insert rolls back). Failures are logged, not thrown.
   */
  afterCommit(fn: () => Promise<void>): void;
  afterRollback(fn: () => Promise<void>): void;
}

export interface TenantRouteOptions<R extends RouteContract, P = undefined> {
  allow: Guard;
  /**
   * Work done before the transaction opens, after the guard (e.g. receiving an upload): a slow
   * client never holds a database connection. Its result is the handler's `received`.
   */
  receive?: (request: FastifyRequest) => Promise<P>;
  /**
   * The multipart file field the route reads (an upload), declared in the OpenAPI document as
   * `x-upload`: the security suite sends every upload route malformed multipart bodies.
   */
  upload?: string;
  /** A read-only transaction (default for GET). */
  readOnly?: boolean;
  /** Stricter server-side schemas than the contract's (e.g. a list body with the area's whitelist). */
  schema?: { body?: z.ZodType; query?: z.ZodType };
  /** Another shape the body may come in (e.g. the spec's seat body), mapped before validation. */
  mapBody?: (body: unknown, request: FastifyRequest) => unknown;
  handler: (ctx: Ctx, input: RouteInput<R> & { received: P }) => Promise<RouteReplyIn<R>>;
}

/**
 * Registers a contract's route. Before its schemas validate anything: the guard (authentication
 * and permission), the same-origin rule when it changes state, and the control-character rule.
 */
/**
 * Who may call a route, as the OpenAPI document states it (`x-guard`): anyone, any signed-in
 * session, permission rules that must all (`allOf`) or one of which (`anyOf`) allow, or a rule
 * of the route's own (`custom`). The security suite reads it to know what each caller must get.
 */
export type GuardDoc =
  | 'public'
  | 'session'
  | 'custom'
  /** The provider's servers of a role (platform/server-routes.ts), never a user. */
  | { server: readonly ServerRole[] }
  | { allOf: readonly PermissionRule[] }
  | { anyOf: readonly PermissionRule[]; allOf?: readonly PermissionRule[] };

export function describeGuard(guard: Guard): GuardDoc {
  if (typeof guard === 'function') return 'custom';
  if ('anyOf' in guard) return guard.allOf ? { anyOf: guard.anyOf, allOf: guard.allOf } : { anyOf: guard.anyOf };
  return { allOf: Array.isArray(guard) ? guard : [guard as PermissionRule] };
}

/**
 * The OpenAPI extensions every API route declares: its guard (`x-guard`), and whether it reads or
 * changes state (`x-access`: a write transaction and the same-origin rule). A public route also
 * says it needs no credentials. Routes registered outside the builders (images) declare them by hand.
 */
export function accessDoc(guard: GuardDoc, changesState: boolean, upload?: string) {
  return {
    'x-guard': guard,
    'x-access': changesState ? 'write' : 'read',
    ...(upload ? { 'x-upload': upload } : {}),
    ...(guard === 'public' ? { security: [] } : {}),
  };
}

/** A route's 200 reply as documented: the contract's JSON, or the media types of its bytes. */
function replyDoc(contract: RouteContract) {
  if (!contract.replyTypes) return contract.reply;
  const content = Object.fromEntries(contract.replyTypes.map((type) => [type, { schema: contract.reply }]));
  return { description: `The file (${contract.replyTypes.join(' or ')})`, content };
}

/** How a route is registered: the builders' common ground (tenantRoute, openRoute, serverRoute). */
export interface RouteRegistration {
  schema?: { body?: z.ZodType | undefined; query?: z.ZodType | undefined };
  /** Checks the caller before the body is validated (throws its refusal). */
  guard: (request: FastifyRequest) => void;
  /** Who may call it, as the API document says. */
  access: GuardDoc;
  changesState: boolean;
  handler: RouteHandlerMethod;
  /** A multipart upload's field, for the API document. */
  upload?: string;
  /** Runs before the body is read (a server's credential: a stranger's upload is not read at all). */
  onRequest?: (request: FastifyRequest) => Promise<void>;
  /** The largest body it takes, when not the app's. */
  bodyLimit?: number;
}

export function registerRoute<R extends RouteContract>(
  api: FastifyInstance,
  contract: R,
  { schema = {}, guard, access, changesState, handler, upload, onRequest, bodyLimit }: RouteRegistration,
): void {
  const preValidation = async (request: FastifyRequest) => {
    // The version the body says it was based on, before a schema strips a key it does not name.
    request.sentVersion = versionIn(request.body);
    guard(request);
    if (changesState || request.method !== 'GET') assertSameOrigin(request);
    refuseControlCharacters(request);
  };
  const body = schema.body ?? contract.body;
  const query = schema.query ?? contract.query;
  // One route per verb: each is an operation of the document, with its own operationId.
  for (const method of [contract.method, ...(contract.alsoMethods ?? [])]) {
    api.route({
      method,
      url: contract.path,
      schema: {
        tags: [contract.tag],
        ...operationOf(contract, method),
        ...(contract.params ? { params: contract.params } : {}),
        ...(query ? { querystring: query } : {}),
        ...(body ? { body } : {}),
        response: { 200: replyDoc(contract) },
        ...accessDoc(access, changesState, upload),
        ...(contract.throttled ? { 'x-throttled': true } : {}),
        ...(contract.errors ? { 'x-errors': contract.errors } : {}),
      },
      preValidation,
      ...(onRequest ? { onRequest } : {}),
      ...(bodyLimit === undefined ? {} : { bodyLimit }),
      handler,
    });
  }
}

function inputOf<R extends RouteContract>(request: FastifyRequest): RouteInput<R> {
  // Validated by the route's schemas (fastify-type-provider-zod) before the handler runs.
  return { params: request.params, query: request.query, body: request.body } as RouteInput<R>;
}

/**
 * A route of the effective account: guard checked before validation, the handler run in the
 * account's transaction (read-only for reads).
 */
export function tenantRoute<R extends RouteContract, P = undefined>(
  api: FastifyInstance,
  platform: Platform,
  contract: R,
  options: TenantRouteOptions<R, P>,
): void {
  const readOnly = options.readOnly ?? contract.method === 'GET';
  registerRoute(api, contract, {
    schema: options.schema ?? {},
    guard: (request) => {
      authorise(request, options.allow);
      if (options.mapBody) request.body = options.mapBody(request.body, request);
    },
    access: describeGuard(options.allow),
    changesState: !readOnly,
    ...(options.upload === undefined ? {} : { upload: options.upload }),
    handler: async (request, reply) => {
      const auth = authorise(request, options.allow);
      const received = (options.receive ? await options.receive(request) : undefined) as P;
      const committed: Array<() => Promise<void>> = [];
      const rolledBack: Array<() => Promise<void>> = [];
      const settle = async (fns: Array<() => Promise<void>>) => {
        for (const fn of fns)
          await fn().catch((error: unknown) => request.log.error({ err: error }, 'after-transaction'));
      };
      try {
        const result = await platform.tenancy.tenant(
          auth.accountNo,
          (db) =>
            options.handler(
              {
                auth,
                db,
                platform,
                request,
                reply,
                emit: (event) => recordChange(db, auth, request.ip, event),
                afterCommit: (fn) => committed.push(fn),
                afterRollback: (fn) => rolledBack.push(fn),
              },
              { ...inputOf<R>(request), received },
            ),
          // Who acts: the state machines' row events name them (migration 076).
          { readOnly, actor: auth },
        );
        await settle(committed);
        return result;
      } catch (error) {
        await settle(rolledBack);
        throw error;
      }
    },
  });
}

export interface OpenCtx {
  /** The session, when there is one (null on public routes without one). */
  auth: AuthContext | null;
  platform: Platform;
  request: FastifyRequest;
  reply: FastifyReply;
}

export interface OpenRouteOptions<R extends RouteContract> {
  /** 'public': anyone (sign-in, the panel configuration); 'session': any signed-in session; else a guard. */
  allow: 'public' | 'session' | Guard;
  /** A GET that changes state (the spec's logout): same-origin only, like every other write. */
  changesState?: boolean;
  schema?: { body?: z.ZodType; query?: z.ZodType };
  /** Opens the transactions it needs itself (platform.tenancy), e.g. the escape hatch of sign-in. */
  handler: (ctx: OpenCtx, input: RouteInput<R>) => Promise<RouteReplyIn<R>>;
}

/** A route that is not one account's work (sign-in, session, the reseller's customers). */
export function openRoute<R extends RouteContract>(
  api: FastifyInstance,
  platform: Platform,
  contract: R,
  options: OpenRouteOptions<R>,
): void {
  const check = (request: FastifyRequest): AuthContext | null => {
    if (options.allow === 'public') return request.auth;
    if (options.allow === 'session') {
      if (!request.auth) throw unauthorised();
      return request.auth;
    }
    return authorise(request, options.allow);
  };
  registerRoute(api, contract, {
    schema: options.schema ?? {},
    guard: (request) => {
      check(request);
    },
    access: options.allow === 'public' || options.allow === 'session' ? options.allow : describeGuard(options.allow),
    changesState: options.changesState ?? contract.method !== 'GET',
    handler: async (request, reply) =>
      options.handler({ auth: check(request), platform, request, reply }, inputOf<R>(request)),
  });
}
