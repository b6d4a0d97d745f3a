/**
 * One round trip less for every transaction on PostgreSQL. Each of the application's transactions
 * starts with BEGIN and then the tenancy's `set_config` statement (platform/tenancy.ts): two round
 * trips before the first real query. This dialect holds the BEGIN back and sends it with that
 * statement as one simple-protocol message ('begin; select set_config(...)').
 *
 * Only the tenancy's statement is merged (recognised by `isTransactionSetup`; it carries no
 * parameters, so the simple protocol may take two statements). Anything else that comes first is
 * preceded by the held BEGIN on its own, as before; a transaction that ends before any statement
 * never reached the server, so its COMMIT or ROLLBACK is not sent either.
 */
import {
  type AbortableOperationOptions,
  CompiledQuery,
  type ControlConnectionProvider,
  type DatabaseConnection,
  type Driver,
  PostgresDialect,
  type QueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';

/** The statements the tenancy's transactions start with: a tenant's, a cross-account one's. */
const SETUP_PREFIXES = [
  'select app_enter_account(',
  "select set_config('app.account_no', '', true), set_config('role', ",
];

export const isTransactionSetup = (query: CompiledQuery): boolean =>
  query.parameters.length === 0 && SETUP_PREFIXES.some((prefix) => query.sql.startsWith(prefix));

/** The statement Kysely's PostgreSQL driver begins a transaction with, for these settings. */
function beginStatement(settings: TransactionSettings): string {
  if (!settings.isolationLevel && !settings.accessMode) return 'begin';
  return [
    'start transaction',
    settings.isolationLevel ? `isolation level ${settings.isolationLevel}` : '',
    settings.accessMode ?? '',
  ]
    .filter(Boolean)
    .join(' ');
}

/** pg's error for a statement the server did not answer within the pool's `query_timeout`. */
const QUERY_READ_TIMEOUT = 'Query read timeout';

/** The connection, but for its statements: each fails at once, as the server would not answer. */
function unanswering(connection: DatabaseConnection): DatabaseConnection {
  return new Proxy(connection, {
    get(target, key) {
      if (key === 'executeQuery') return () => Promise.reject(new Error(QUERY_READ_TIMEOUT));
      const value: unknown = Reflect.get(target, key, target);
      // The driver's own methods read private fields: called on the connection itself.
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/** A pooled connection whose transaction's BEGIN may still be held back. */
class CoalescingConnection implements DatabaseConnection {
  readonly inner: DatabaseConnection;
  /** The BEGIN not sent yet, or null. */
  heldBegin: string | null = null;
  /** The server stopped answering (the pool's query timeout): the connection is of no further use. */
  stalled = false;
  constructor(inner: DatabaseConnection) {
    this.inner = inner;
  }
  async executeQuery<R>(query: CompiledQuery, options?: AbortableOperationOptions): Promise<QueryResult<R>> {
    try {
      return await this.#execute<R>(query, options);
    } catch (error) {
      if (error instanceof Error && error.message === QUERY_READ_TIMEOUT) this.stalled = true;
      throw error;
    }
  }
  async #execute<R>(query: CompiledQuery, options?: AbortableOperationOptions): Promise<QueryResult<R>> {
    const begin = this.heldBegin;
    if (begin === null) return this.inner.executeQuery<R>(query, options);
    this.heldBegin = null;
    if (isTransactionSetup(query)) {
      // Two statements, one message: the reply's rows are the setup's, which nobody reads.
      await this.inner.executeQuery(CompiledQuery.raw(`${begin}; ${query.sql}`), options);
      return { rows: [] };
    }
    await this.inner.executeQuery(CompiledQuery.raw(begin), options);
    return this.inner.executeQuery<R>(query, options);
  }
  streamQuery<R>(
    query: CompiledQuery,
    chunkSize: number,
    options?: AbortableOperationOptions,
  ): AsyncIterableIterator<QueryResult<R>> {
    if (this.heldBegin !== null) throw new Error('A stream cannot open a transaction whose BEGIN is held back');
    return this.inner.streamQuery<R>(query, chunkSize, options);
  }
  async cancelQuery(provider: ControlConnectionProvider): Promise<void> {
    await this.inner.cancelQuery?.(provider);
  }
  async killSession(provider: ControlConnectionProvider): Promise<void> {
    await this.inner.killSession?.(provider);
  }
  async collectSessionInfo(): Promise<void> {
    await this.inner.collectSessionInfo?.();
  }
}

class CoalescingDriver implements Driver {
  readonly #inner: Driver;
  constructor(inner: Driver) {
    this.#inner = inner;
  }
  init(options?: AbortableOperationOptions): Promise<void> {
    return this.#inner.init(options);
  }
  async acquireConnection(options?: AbortableOperationOptions): Promise<DatabaseConnection> {
    return new CoalescingConnection(await this.#inner.acquireConnection(options));
  }
  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    if (!(connection instanceof CoalescingConnection)) return this.#inner.beginTransaction(connection, settings);
    connection.heldBegin = beginStatement(settings);
  }
  commitTransaction(connection: DatabaseConnection): Promise<void> {
    return this.#end(connection, (c) => this.#inner.commitTransaction(c));
  }
  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    // A server that stopped answering would keep the ROLLBACK waiting a whole query timeout more:
    // the connection is thrown away instead (Kysely discards one whose ROLLBACK failed), and the
    // server ends the transaction with the session.
    if (connection instanceof CoalescingConnection && connection.stalled)
      return this.#inner.rollbackTransaction(unanswering(connection.inner));
    return this.#end(connection, (c) => this.#inner.rollbackTransaction(c));
  }
  /** COMMIT or ROLLBACK, unless nothing was sent: then there is no transaction on the server to end. */
  async #end(connection: DatabaseConnection, end: (c: DatabaseConnection) => Promise<void>): Promise<void> {
    if (!(connection instanceof CoalescingConnection)) return end(connection);
    if (connection.heldBegin !== null) {
      connection.heldBegin = null;
      return;
    }
    return end(connection.inner);
  }
  // Savepoints are statements on the connection (the held BEGIN goes first, as for any statement).
  async savepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']) {
    await this.#inner.savepoint?.(connection, name, compile);
  }
  async rollbackToSavepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']) {
    await this.#inner.rollbackToSavepoint?.(connection, name, compile);
  }
  async releaseSavepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']) {
    await this.#inner.releaseSavepoint?.(connection, name, compile);
  }
  async releaseConnection(connection: DatabaseConnection, options?: AbortableOperationOptions): Promise<void> {
    if (!(connection instanceof CoalescingConnection)) return this.#inner.releaseConnection(connection, options);
    connection.heldBegin = null;
    return this.#inner.releaseConnection(connection.inner, options);
  }
  destroy(options?: AbortableOperationOptions): Promise<void> {
    return this.#inner.destroy(options);
  }
}

/** Kysely's PostgreSQL dialect, its transactions started in one round trip with their setup. */
export class BeginCoalescingPostgresDialect extends PostgresDialect {
  override createDriver(): Driver {
    return new CoalescingDriver(super.createDriver());
  }
}
