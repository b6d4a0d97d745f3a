/**
 * A server area's manifest: its migrations and its routes (which declare its destinations and
 * references on the platform). The registry (src/areas.ts) lists every area; adding an area
 * touches its own folder and one line there.
 */
import type { FastifyInstance } from 'fastify';
import type { Migration } from 'kysely/migration';
import type { ChangeConsumer } from './outbox.ts';
import type { Platform } from './platform.ts';

export interface ServerArea {
  /** The area's folder name. */
  name: string;
  /** Its migrations by name; names order every area's migrations into one history. */
  migrations?: Record<string, Migration>;
  /** Its consumers of the change events (`consumer(name, handle, options)`, platform/outbox.ts). */
  consumers?: readonly ChangeConsumer[];
  /** Registers its routes under the API base. */
  routes(api: FastifyInstance, platform: Platform): void;
  /**
   * Background work of a serving process (a scheduled job), started once the routes are registered;
   * answers its stop. Not started for tests that build the app over their own database.
   */
  start?(platform: Platform, log: { info(message: string): void; error(error: unknown): void }): () => void;
}
