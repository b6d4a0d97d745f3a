/** Error replies: every failure is a 4xx/5xx with { success: false, message, validation? }. */
import { MESSAGES } from '@switchboard/domain';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ZodError } from 'zod';

export class HttpError extends Error {
  readonly statusCode: number;
  readonly validation: Record<string, string> | undefined;
  constructor(statusCode: number, message: string, validation?: Record<string, string>) {
    super(message);
    this.statusCode = statusCode;
    this.validation = validation;
  }
}

export const notFound = () => new HttpError(404, MESSAGES.recordNotFound);
export const forbidden = () => new HttpError(403, MESSAGES.forbidden);
export const unauthorised = () => new HttpError(401, MESSAGES.sessionRequired);

/** A 400 carrying field messages; the message is the single error or the multiple-errors banner. */
export function validationError(validation: Record<string, string>): HttpError {
  const messages = Object.values(validation);
  const message = messages.length === 1 ? (messages[0] as string) : MESSAGES.multipleErrors;
  return new HttpError(400, message, validation);
}

/** Field name (dotted path) to first message, from zod issues. */
export function fieldMessages(issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>) {
  const out: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.') || '_';
    if (!(key in out)) out[key] = issue.message;
  }
  return out;
}

export function fromZodError(error: ZodError): HttpError {
  return validationError(fieldMessages(error.issues));
}

/** A unique constraint (or unique index) of a table, to the field and message a clash gives. */
export type UniqueViolations = Record<string, { field: string; message: string }>;

/**
 * A database unique violation (23505) of one of `constraints`, as the 400 with its field message;
 * undefined for any other error. The constraint is named on `constraint` (pg) or, failing that,
 * in the message (every driver quotes it there).
 */
export function uniqueViolationError(error: unknown, constraints: UniqueViolations): HttpError | undefined {
  const e = error as { code?: string; constraint?: string; message?: string } | null;
  if (e?.code !== '23505') return undefined;
  const known =
    (e.constraint ? constraints[e.constraint] : undefined) ??
    Object.entries(constraints).find(([name]) => e.message?.includes(`"${name}"`))?.[1];
  return known ? validationError({ [known.field]: known.message }) : undefined;
}

/**
 * A foreign-key violation (23503) of a write: the field whose column the constraint is on gets
 * 'Please select an option' (the referenced row is not the account's, or went meanwhile).
 * Constraints are named '{table}_{column}_tenant_fk' or '{table}_{column}_fkey' (db/tenancy-sql.ts).
 */
export function foreignKeyViolationError(
  error: unknown,
  fields: Record<string, { column?: string | undefined }>,
): HttpError | undefined {
  const e = error as { code?: string; constraint?: string; message?: string } | null;
  if (e?.code !== '23503') return undefined;
  const constraint = e.constraint ?? /constraint "([^"]+)"/.exec(e.message ?? '')?.[1] ?? '';
  const field = Object.entries(fields).find(
    ([, d]) => d.column && (constraint.endsWith(`_${d.column}_tenant_fk`) || constraint.endsWith(`_${d.column}_fkey`)),
  )?.[0];
  return field ? validationError({ [field]: MESSAGES.selectOption }) : undefined;
}

/**
 * PostgreSQL's errors of a value it cannot take: 22003 numeric value out of range, 22P02 invalid
 * text representation (e.g. 'x' for an integer). The schemas keep such values out; this is the
 * safety net that keeps one that slips through a 400 rather than a 500.
 */
function isDataException(code: unknown): boolean {
  // SQLSTATE class 22: data exceptions (22003 out of range, 22P02 bad text representation, 22021
  // a character not in the encoding such as NUL, 22001 too long...).
  return typeof code === 'string' && code.startsWith('22');
}

/**
 * Integrity violations the area did not map to a field: the write conflicts with the data. And a
 * write that lost to a concurrent one (40001 serialization failure, 40P01 deadlock: the database
 * rolled it back whole): a conflict too, the user's to try again, never a 500.
 */
const CONFLICT_CODES: ReadonlySet<string> = new Set(['23505', '23503', '23001', '23514', '23P01', '40001', '40P01']);

/** Seconds a client is told to wait (Retry-After) when the database is away. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

/**
 * The database is away — restarting, failing over, refusing connections, or it ended ours — rather
 * than the request being wrong: a passing state, answered 503 with Retry-After. Recognised by the
 * SQLSTATE (class 08 connection exception, 57P01-57P03 shutdown / cannot connect now, 53300 too
 * many connections), a FATAL error (it always ends the connection), the socket's error codes, or the
 * driver's messages for a connection lost or not obtained in time.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const e = error as { code?: unknown; severity?: unknown; message?: unknown; syscall?: unknown } | null;
  if (!e || typeof e !== 'object') return false;
  const code = typeof e.code === 'string' ? e.code : '';
  if (code.startsWith('08') || ['57P01', '57P02', '57P03', '53300'].includes(code)) return true;
  if (e.severity === 'FATAL' || e.severity === 'PANIC') return true;
  if (typeof e.syscall === 'string' && SOCKET_CODES.has(code)) return true;
  const message = typeof e.message === 'string' ? e.message : '';
  return DRIVER_MESSAGES.test(message);
}
const SOCKET_CODES: ReadonlySet<string> = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);
/**
 * pg's and pg-pool's messages for a lost connection or none to be had, and for a statement the
 * database never answered (the pool's query_timeout: a stalled server); Kysely's for one it discarded.
 */
const DRIVER_MESSAGES =
  /^(Connection terminated|Client has encountered a connection error and is not queryable|Client was closed and is not queryable|timeout exceeded when trying to connect|Query read timeout|Postgres connection has been discarded)/;

/** Errors of reading a request (busboy's multipart parser, a body cut short). */
function isMalformedRequest(error: { message?: string; code?: string }): boolean {
  const message = error.message ?? '';
  return (
    /^(Unexpected end of (form|multipart data)|\w+ terminated early due to unexpected end of multipart data|Malformed part header|Multipart: Boundary not found|The needle cannot)/.test(
      message,
    ) || error.code === 'ECONNRESET'
  );
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      const retryAfter = (error as { retryAfterSeconds?: number }).retryAfterSeconds;
      if (retryAfter !== undefined) reply.header('retry-after', String(retryAfter));
      // A provider that did not answer (a 502 with its cause): the user sees the message, the log why.
      if (error.statusCode >= 500 && error.cause) request.log.warn({ err: error.cause }, error.message);
      return reply.status(error.statusCode).send({
        success: false,
        message: error.message,
        ...(error.validation ? { validation: error.validation } : {}),
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const validation: Record<string, string> = {};
      for (const v of error.validation) {
        const key = v.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
        if (!(key in validation)) validation[key] = v.message ?? MESSAGES.required;
      }
      const e = validationError(validation);
      return reply.status(400).send({ success: false, message: e.message, validation });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'the database is unavailable');
      reply.header('retry-after', String(UNAVAILABLE_RETRY_AFTER_SECONDS));
      return reply.status(503).send({ success: false, message: MESSAGES.serviceUnavailable });
    }
    if (isDataException(error.code)) {
      request.log.warn({ err: error }, 'value refused by the database');
      return reply.status(400).send({ success: false, message: MESSAGES.badRequest });
    }
    if (typeof error.code === 'string' && CONFLICT_CODES.has(error.code)) {
      request.log.warn({ err: error }, 'write refused by a constraint');
      return reply.status(409).send({ success: false, message: MESSAGES.conflict });
    }
    // A request the server could not read (malformed multipart, a truncated body): the client's.
    if (error.statusCode === undefined && isMalformedRequest(error)) {
      return reply.status(400).send({ success: false, message: MESSAGES.badRequest });
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error(error);
      return reply.status(status).send({ success: false, message: MESSAGES.saveFallbackSupport });
    }
    return reply.status(status).send({ success: false, message: error.message });
  });
  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({ success: false, message: `Route ${request.method} ${request.url} not found` });
  });
}
