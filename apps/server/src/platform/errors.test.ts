/**
 * The error handler's reading of database failures: the database being away is a 503 with
 * Retry-After (the client retries), never a 500; everything else keeps its meaning.
 */
import { MESSAGES } from '@switchboard/domain';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable, registerErrorHandler } from './errors.ts';

/** Errors as pg, pg-pool, Kysely and Node raise them when the database goes away. */
const UNAVAILABLE: Array<[string, object]> = [
  ['an administrator ended the connection (pg_terminate_backend)', { code: '57P01', severity: 'FATAL' }],
  ['the server is shutting down', { code: '57P02', severity: 'FATAL' }],
  ['the server is starting up', { code: '57P03', severity: 'FATAL' }],
  ['too many connections', { code: '53300', severity: 'FATAL' }],
  ['a connection exception', { code: '08006', severity: 'ERROR' }],
  ['the database refuses connections', { code: '55000', severity: 'FATAL' }],
  ['the socket closed under a query', { message: 'Connection terminated unexpectedly' }],
  ['a client whose connection failed', { message: 'Client has encountered a connection error and is not queryable' }],
  ['no connection within the pool’s timeout', { message: 'timeout exceeded when trying to connect' }],
  ['a connection Kysely discarded', { message: 'Postgres connection has been discarded' }],
  ['the server not listening', { code: 'ECONNREFUSED', syscall: 'connect', message: 'connect ECONNREFUSED' }],
  ['the network dropped the socket', { code: 'ECONNRESET', syscall: 'read', message: 'read ECONNRESET' }],
];
const NOT_UNAVAILABLE: Array<[string, object]> = [
  ['a unique violation', { code: '23505', severity: 'ERROR', message: 'duplicate key value' }],
  ['a value the column cannot take', { code: '22P02', severity: 'ERROR', message: 'invalid input syntax' }],
  ['a statement cancelled by its timeout', { code: '57014', severity: 'ERROR', message: 'canceling statement' }],
  ['a request body cut short by the client', { code: 'ECONNRESET', message: 'aborted' }],
  ['a programming error', { message: 'Cannot read properties of undefined' }],
];

describe('a database that is away', () => {
  it.each(UNAVAILABLE)('is recognised: %s', (_, error) => {
    expect(isDatabaseUnavailable(Object.assign(new Error(), error))).toBe(true);
  });
  it.each(NOT_UNAVAILABLE)('is not confused with %s', (_, error) => {
    expect(isDatabaseUnavailable(Object.assign(new Error(), error))).toBe(false);
  });

  it('is answered 503 with the message and Retry-After; other failures keep their status', async () => {
    const app = Fastify({ logger: false });
    registerErrorHandler(app);
    const errors: Record<string, object> = {
      away: { code: '57P01', severity: 'FATAL', message: 'terminating connection due to administrator command' },
      clash: { code: '23505', severity: 'ERROR', message: 'duplicate key value' },
      deadlock: { code: '40P01', severity: 'ERROR', message: 'deadlock detected' },
      bug: { message: 'Cannot read properties of undefined' },
    };
    app.get('/:kind', async (request) => {
      throw Object.assign(new Error(), errors[(request.params as { kind: string }).kind]);
    });
    const away = await app.inject({ method: 'GET', url: '/away' });
    expect(away.statusCode).toBe(503);
    expect(away.json()).toEqual({ success: false, message: MESSAGES.serviceUnavailable });
    expect(away.headers['retry-after']).toBe('5');
    expect((await app.inject({ method: 'GET', url: '/clash' })).statusCode).toBe(409);
    expect((await app.inject({ method: 'GET', url: '/deadlock' })).json()).toEqual({
      success: false,
      message: MESSAGES.conflict,
    });
    const bug = await app.inject({ method: 'GET', url: '/bug' });
    expect(bug.statusCode).toBe(500);
    expect(bug.headers['retry-after']).toBeUndefined();
    await app.close();
  });
});
