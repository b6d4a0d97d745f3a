import type { Kysely } from 'kysely';
import { trigramAvailable } from '../../../db/migrations/013-scale-indexes.ts';
import { run } from '../../../db/tenancy-sql.ts';

/**
 * A seat's name as a destination ('201 - Reception', seats.routes.ts SEAT_NAME), stored and indexed
 * (issue 25 item 3: a picker's search that no label holds read every seat twice, as a seat and as a
 * voicemail: 104 ms at 79,900 seats). `destination_label` is kept by the database on every write; its
 * trigram index (`fastupdate = off`, as the search text's: nothing queued for searches to read)
 * answers the pickers' searches through app_search_ids (migration 041: an ILIKE under row-level
 * security is never an index condition), so a term no seat's name holds reads the index only.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await run(
    db,
    `alter table seats add column destination_label text generated always as
      (extension::text || case when nickname <> '' then ' - ' || nickname else '' end) stored`,
  );
  if (await trigramAvailable(db)) {
    await run(
      db,
      `create index seats_destination_label_trgm on seats
        using gin (destination_label gin_trgm_ops) with (fastupdate = off)`,
    );
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await run(db, 'drop index if exists seats_destination_label_trgm', 'alter table seats drop column destination_label');
}
