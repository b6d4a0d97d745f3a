import type { Kysely } from 'kysely';

/** Tables of allocated telephone numbers and emergency (EMS) data. */
export async function up(_db: Kysely<unknown>): Promise<void> {}

export async function down(_db: Kysely<unknown>): Promise<void> {}
