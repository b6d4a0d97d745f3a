import type { Kysely } from 'kysely';

/** Tables of seats, voicemail settings, devices, registrations, softphone settings. */
export async function up(_db: Kysely<unknown>): Promise<void> {}

export async function down(_db: Kysely<unknown>): Promise<void> {}
