import type { Kysely } from 'kysely';

/** Tables of time profiles and calendar entries. */
export async function up(_db: Kysely<unknown>): Promise<void> {}

export async function down(_db: Kysely<unknown>): Promise<void> {}
