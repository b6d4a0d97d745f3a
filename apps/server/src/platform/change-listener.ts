/**
 * PostgreSQL's wake-up for the change-event consumers: a dedicated connection LISTENs to
 * `change_events` (migration 065 NOTIFYs it once per committing transaction that recorded events)
 * and calls `wake` for each. A lost connection is made again after a pause; the consumers' poll
 * covers the gap. PGlite has no second connection: it hears its own NOTIFY in-process
 * (`listenForChangesEmbedded`).
 */
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { DB } from '../db/database.ts';

export const CHANGE_CHANNEL = 'change_events';

export function listenForChanges(
  databaseUrl: string,
  onError: (error: unknown) => void,
  retryMs = 5000,
): (wake: () => void) => () => void {
  return (wake) => {
    let stopped = false;
    let client: pg.Client | null = null;
    let timer: NodeJS.Timeout | undefined;
    const again = (error: unknown) => {
      onError(error);
      const lost = client;
      client = null;
      void lost?.end().catch(() => undefined);
      if (!stopped) timer = setTimeout(connect, retryMs).unref();
    };
    const connect = () => {
      const c = new pg.Client({ connectionString: databaseUrl });
      client = c;
      c.on('notification', () => wake());
      c.on('error', again);
      c.connect()
        .then(() => c.query(`listen ${CHANGE_CHANNEL}`))
        .then(() => {
          if (stopped) return c.end();
          wake(); // what was recorded while it was not listening
        })
        .catch(again);
    };
    connect();
    return () => {
      stopped = true;
      clearTimeout(timer);
      void client?.end().catch(() => undefined);
    };
  };
}

/**
 * PGlite's wake-up: the embedded database's own NOTIFY of a committing transaction, heard in this
 * process. LISTEN goes through Kysely's connection (`db.connection()`): never into an open transaction.
 */
export function listenForChangesEmbedded(
  pglite: PGlite,
  db: DB,
  onError: (error: unknown) => void,
): (wake: () => void) => () => void {
  return (wake) => {
    let stopped = false;
    let unlisten: (() => Promise<void>) | null = null;
    db.connection()
      .execute(() => pglite.listen(CHANGE_CHANNEL, () => wake()))
      .then((stop) => {
        unlisten = stop;
        if (stopped) return stop();
        wake(); // what was recorded before it listened
      })
      .catch(onError);
    return () => {
      stopped = true;
      const stop = unlisten;
      if (stop)
        void db
          .connection()
          .execute(() => stop())
          .catch(() => undefined);
    };
  };
}
