/**
 * One job queue for everything scheduled or retried (issue 26 item 3): pg-boss, on PostgreSQL and
 * on PGlite alike, its schema installed by migration 062 (as the owner), never by the server.
 *
 * An area declares its jobs once (`job(name, handler, options)`): a cron `schedule` (pg-boss's cron
 * pass: minute-granular), or `every` few seconds (a job that enqueues its own next run, with a
 * minute's cron behind it in case a run is lost), retries with back-off, `singleton` (at most one
 * queued and one running, whichever process). `enqueue(tx, name, data)` writes the job in the
 * caller's transaction, so a job exists exactly when the change that asked for it committed.
 * Failed jobs stay in the table with their error until a provider admin retries them (the Jobs page).
 *
 * PGlite has one connection, which Kysely holds for the length of a transaction: every statement of
 * pg-boss's own goes through Kysely's connection (`db.connection()`, which waits for it), so none is
 * ever interleaved into an open transaction. On PostgreSQL pg-boss shares the application's pool.
 */
import { CompiledQuery } from 'kysely';
import { fromPglite, type Db as IDatabase, PgBoss, type SendOptions } from 'pg-boss';
import type { DatabaseHandle } from '../db/database.ts';
import type { Tx } from './tenancy.ts';

/** The schema migration 062 installs pg-boss in. */
export const JOBS_SCHEMA = 'pgboss';

export interface JobContext {
  id: string;
  /** 1 for the first run, 2 for the first retry, ... */
  attempt: number;
}

export interface JobOptions {
  /** A cron expression (UTC): pg-boss sends the job on it, once across every process. */
  schedule?: string;
  /** Seconds between runs, for work more frequent than cron's minute: the run enqueues the next one. */
  every?: number;
  /**
   * With `every`: the seconds to the next run as this run's result tells them (work it knows to
   * fall due sooner), `every` at the most; undefined: `every`.
   */
  nextIn?: (result: unknown) => number | undefined;
  /** Retries after a failed first run before the job is kept as failed (default 2; `every` jobs 0). */
  retry?: number;
  /** Seconds before the first retry, doubling each time (default 5); false: retry at once. */
  backoff?: number | false;
  /** At most one run queued and one running, across processes (a later enqueue is dropped). */
  singleton?: boolean;
  /** How long a completed run is kept (default a day; `every` jobs ten minutes). */
  keepSeconds?: number;
  /** How long a run may take before it counts as failed (default 15 minutes). */
  timeoutSeconds?: number;
}

export interface JobDefinition {
  name: string;
  // biome-ignore lint/suspicious/noExplicitAny: each job's data is its own; the declaration types it.
  handler: (data: any, context: JobContext) => Promise<unknown>;
  options: JobOptions;
}

/** Declares a job: its name (a queue), what a run does, and how it is scheduled and retried. */
export function job<D = null>(
  name: string,
  handler: (data: D, context: JobContext) => Promise<unknown>,
  options: JobOptions = {},
): JobDefinition {
  if (!/^[a-z][a-z0-9-]*$/.test(name)) throw new Error(`Not a job name: '${name}'`);
  return { name, handler, options };
}

export interface EnqueueOptions {
  /** Seconds from now, or a moment. */
  startAfter?: number | Date;
  /** With `singleton`: one job per key. */
  singletonKey?: string;
}

export type JobState = 'created' | 'retry' | 'active' | 'completed' | 'cancelled' | 'failed';

/** A job as the Jobs page lists it. */
export interface JobRow {
  id: string;
  name: string;
  state: JobState;
  /** Runs started so far. */
  attempts: number;
  retryLimit: number;
  lastError: string | null;
  createdOn: Date;
  startAfter: Date;
  startedOn: Date | null;
  completedOn: Date | null;
}

export interface JobLog {
  info(message: string): void;
  error(error: unknown): void;
}

/** pg-boss's statements through the application's database (see the header). */
export function jobsConnection(handle: Pick<DatabaseHandle, 'db' | 'pglite' | 'pool'>): IDatabase {
  const { pglite, pool, db } = handle;
  if (pglite) {
    const inner = fromPglite(pglite);
    return { executeSql: (text, values) => db.connection().execute(() => inner.executeSql(text, values)) };
  }
  if (!pool) throw new Error('The job queue needs the PostgreSQL pool or PGlite');
  return {
    async executeSql(text, values) {
      const result: unknown = await pool.query(text, values);
      // Several statements in one text answer one result each: their rows, in order.
      if (Array.isArray(result)) return { rows: result.flatMap((r: { rows?: unknown[] }) => r.rows ?? []) };
      return { rows: (result as { rows: unknown[] }).rows };
    },
  };
}

/** pg-boss's statements inside `tx` (an enqueue that commits or rolls back with the caller's change). */
function inTransaction(tx: Tx): IDatabase {
  return {
    async executeSql(text, values) {
      const result = await tx.executeQuery(CompiledQuery.raw(text, values ?? []));
      return { rows: [...result.rows] };
    },
  };
}

const DEFAULT_RETRY = 2;
const DEFAULT_BACKOFF = 5;
const DAY = 24 * 60 * 60;

/** The options a declared job's runs are sent with. */
function sendOptions(options: JobOptions): SendOptions {
  const backoff = options.backoff ?? DEFAULT_BACKOFF;
  return {
    retryLimit: options.retry ?? (options.every ? 0 : DEFAULT_RETRY),
    retryDelay: backoff === false ? 0 : backoff,
    retryBackoff: backoff !== false,
    deleteAfterSeconds: options.keepSeconds ?? (options.every ? 600 : DAY),
    expireInSeconds: options.timeoutSeconds ?? 15 * 60,
  };
}

export class Jobs {
  readonly #handle: Pick<DatabaseHandle, 'db' | 'pglite' | 'pool'>;
  readonly #embedded: boolean;
  #connection: IDatabase | null = null;
  readonly #definitions = new Map<string, JobDefinition>();
  #boss: PgBoss | null = null;
  #log: JobLog = { info: () => undefined, error: () => undefined };
  /**
   * How often an idle worker looks for work. An `every` job's next run is also fetched the moment
   * it falls due (a timer wakes its worker in the process that enqueued it).
   */
  #pollSeconds = 5;
  readonly #workers = new Map<string, string>();
  readonly #wakes = new Set<NodeJS.Timeout>();

  constructor(handle: Pick<DatabaseHandle, 'db' | 'pglite' | 'pool'>) {
    this.#handle = handle;
    this.#embedded = handle.pglite !== undefined;
  }

  /** Adds jobs (before `start`). */
  declare(...definitions: JobDefinition[]): void {
    for (const definition of definitions) {
      if (this.#definitions.has(definition.name)) throw new Error(`Job ${definition.name} is declared twice`);
      this.#definitions.set(definition.name, definition);
    }
  }

  get names(): string[] {
    return [...this.#definitions.keys()];
  }

  /**
   * Opens the queue and makes every declared job's queue. `work`: also run them here (a serving
   * process: workers, schedules, pg-boss's maintenance); without it jobs can be enqueued and
   * listed only (tests that drive the work themselves).
   */
  async start(options: {
    work: boolean;
    log?: JobLog;
    /** How often an idle worker looks for work (default 5 s). */
    pollSeconds?: number;
    /** How often the schedules are checked (default 30 s; a minute's cron is sent within it). */
    cronCheckSeconds?: number;
  }): Promise<void> {
    if (this.#boss) return;
    if (options.log) this.#log = options.log;
    if (options.pollSeconds) this.#pollSeconds = options.pollSeconds;
    this.#connection = jobsConnection(this.#handle);
    const boss = new PgBoss({
      db: this.#connection,
      backend: this.#embedded ? 'pglite' : 'postgres',
      schema: JOBS_SCHEMA,
      migrate: false,
      createSchema: false,
      supervise: options.work,
      schedule: options.work,
      registerInstance: false,
      // PGlite has no autovacuum daemon (housekeeping vacuums it): no warning about it every pass.
      monitorVacuum: !this.#embedded,
      cronWorkerIntervalSeconds: Math.min(5, options.cronCheckSeconds ?? 5),
      cronMonitorIntervalSeconds: options.cronCheckSeconds ?? 30,
      openTelemetry: { enabled: false },
    });
    boss.on('error', (error) => this.#log.error(error));
    await boss.start();
    this.#boss = boss;
    for (const definition of this.#definitions.values()) {
      await boss.createQueue(definition.name, { policy: definition.options.singleton ? 'stately' : 'standard' });
    }
    if (options.work) for (const definition of this.#definitions.values()) await this.#work(boss, definition);
  }

  async #work(boss: PgBoss, definition: JobDefinition): Promise<void> {
    const { name, options } = definition;
    const worker = await boss.work(name, { pollingIntervalSeconds: this.#pollSeconds, batchSize: 1 }, async ([run]) => {
      if (run) await this.#run(definition, run.id, run.retryCount, run.data);
    });
    this.#workers.set(name, worker);
    // A schedule dropped from the declaration is dropped from the database too.
    if (options.schedule || options.every) {
      await boss.schedule(name, options.schedule ?? '* * * * *', null, sendOptions(options));
    } else {
      await boss.unschedule(name);
    }
    if (options.every) {
      await this.enqueue(null, name, null);
      this.#wakeIn(name, 0);
    }
  }

  /** Wakes the worker of `name` in `seconds` (its next run falls due): no waiting for its poll. */
  #wakeIn(name: string, seconds: number): void {
    const worker = this.#workers.get(name);
    if (!worker) return;
    const timer = setTimeout(() => {
      this.#wakes.delete(timer);
      this.#boss?.notifyWorker(worker);
    }, seconds * 1000);
    timer.unref();
    this.#wakes.add(timer);
  }

  async #run(definition: JobDefinition, id: string, retryCount: number, data: unknown): Promise<void> {
    let result: unknown;
    try {
      result = await definition.handler(data, { id, attempt: retryCount + 1 });
    } catch (error) {
      this.#log.error(error);
      throw error;
    } finally {
      const { every, nextIn } = definition.options;
      if (every) {
        const due = Math.min(every, Math.max(0.1, nextIn?.(result) ?? every));
        await this.enqueue(null, definition.name, null, { startAfter: due })
          .then(() => this.#wakeIn(definition.name, due))
          .catch((e) => this.#log.error(e));
      }
    }
  }

  #started(): { boss: PgBoss; connection: IDatabase } {
    if (!this.#boss || !this.#connection) throw new Error('The job queue is not started');
    return { boss: this.#boss, connection: this.#connection };
  }

  /**
   * Enqueues a run of `name` with `data`: in `tx` when given (it exists only if `tx` commits), else
   * on its own. Answers its id, or null when a singleton already has one queued.
   */
  async enqueue(
    tx: Tx | null,
    name: string,
    data: object | null,
    options: EnqueueOptions = {},
  ): Promise<string | null> {
    const definition = this.#definitions.get(name);
    if (!definition) throw new Error(`No job is declared as ${name}`);
    return this.#started().boss.send(name, data, {
      ...sendOptions(definition.options),
      ...(options.startAfter !== undefined ? { startAfter: options.startAfter } : {}),
      ...(options.singletonKey !== undefined ? { singletonKey: options.singletonKey } : {}),
      ...(tx ? { db: inTransaction(tx) } : {}),
    });
  }

  /** The jobs in `states`, newest first, a page of them and how many there are. */
  async list(query: {
    states: readonly JobState[];
    offset: number;
    limit: number;
    search?: string | undefined;
  }): Promise<{
    records: JobRow[];
    totalRecords: number;
  }> {
    const { connection } = this.#started();
    const states = [...query.states];
    const { rows } = await connection.executeSql(
      `select id, name, state, retry_count, retry_limit, output ->> 'message' as last_error,
         created_on, start_after, started_on, completed_on, count(*) over () as total
       from ${JOBS_SCHEMA}.job where state::text = any($1::text[]) and strpos(name, $4) > 0
       order by created_on desc, id limit $2 offset $3`,
      [states, query.limit < 0 ? null : query.limit, Math.max(0, query.offset), query.search?.toLowerCase() ?? ''],
    );
    const totalRecords =
      rows.length > 0 || query.offset <= 0
        ? Number(rows[0]?.total ?? 0)
        : await this.#count(connection, states, query.search ?? '');
    return { records: rows.map(jobRow), totalRecords };
  }

  async #count(connection: IDatabase, states: JobState[], search: string): Promise<number> {
    const { rows } = await connection.executeSql(
      `select count(*) as total from ${JOBS_SCHEMA}.job where state::text = any($1::text[]) and strpos(name, $2) > 0`,
      [states, search.toLowerCase()],
    );
    return Number(rows[0]?.total ?? 0);
  }

  /** Runs a failed job again; answers its name, or null when no failed job has that id. */
  async retry(id: string): Promise<string | null> {
    const { boss, connection } = this.#started();
    const { rows } = await connection.executeSql(
      `select name from ${JOBS_SCHEMA}.job where id = $1::uuid and state = 'failed'`,
      [id],
    );
    const name: unknown = rows[0]?.name;
    if (typeof name !== 'string') return null;
    // The declared reply type lists no fields; pg-boss answers { affected } (the jobs it moved).
    const result: { affected?: number } = await boss.retry(name, id);
    return (result.affected ?? 0) > 0 ? name : null;
  }

  /** Stops the workers (letting runs under way finish, up to `timeoutMs`). */
  async stop(timeoutMs = 10_000): Promise<void> {
    const boss = this.#boss;
    this.#boss = null;
    for (const timer of this.#wakes) clearTimeout(timer);
    this.#wakes.clear();
    this.#workers.clear();
    await boss?.stop({ graceful: true, timeout: timeoutMs, close: false });
  }
}

function jobRow(row: Record<string, unknown>): JobRow {
  const date = (value: unknown) => (value === null || value === undefined ? null : new Date(value as string));
  return {
    id: String(row.id),
    name: String(row.name),
    state: row.state as JobState,
    // pg-boss counts the retries claimed; a job that has started has had one run more.
    attempts: Number(row.retry_count ?? 0) + (row.started_on ? 1 : 0),
    retryLimit: Number(row.retry_limit ?? 0),
    lastError: row.last_error === null || row.last_error === undefined ? null : String(row.last_error),
    createdOn: date(row.created_on) ?? new Date(0),
    startAfter: date(row.start_after) ?? new Date(0),
    startedOn: date(row.started_on),
    completedOn: date(row.completed_on),
  };
}
