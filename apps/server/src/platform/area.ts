/**
 * A server area's manifest: its migrations and its routes (which declare its destinations and
 * references on the platform). The registry (src/areas.ts) lists every area; adding an area
 * touches its own folder and one line there.
 */
import type { FastifyInstance } from 'fastify';
import type { Migration } from 'kysely/migration';
import type { FieldDef } from './fields.ts';
import type { JobDefinition, JobLog } from './jobs.ts';
import type { ChangeConsumer } from './outbox.ts';
import type { Platform } from './platform.ts';

export interface ServerArea {
  /** The area's folder name. */
  name: string;
  /** Its migrations by name; names order every area's migrations into one history. */
  migrations?: Record<string, Migration>;
  /**
   * The field maps of its lists (fieldMap()): every sortable or filterable column of them gets its
   * index after the migrations (platform/list-indexes.ts).
   */
  lists?: ReadonlyArray<Readonly<Record<string, FieldDef>>>;
  /** Its consumers of the change events (`consumer(name, handle, options)`, platform/outbox.ts). */
  consumers?: readonly ChangeConsumer[];
  /** Registers its routes under the API base. */
  routes(api: FastifyInstance, platform: Platform): void;
  /**
   * Its jobs (platform/jobs.ts): scheduled or enqueued work, run by a serving process's workers
   * (tests that build the app over their own database run them themselves).
   */
  jobs?(platform: Platform, log: JobLog): JobDefinition[];
  /**
   * Background work of a serving process that is not a job (a sandbox's own timer), started once
   * the routes are registered; answers its stop. Not started for tests that build the app over their
   * own database.
   */
  start?(platform: Platform, log: JobLog): () => void;
}
