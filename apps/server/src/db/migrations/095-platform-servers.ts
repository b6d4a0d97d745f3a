import type { Kysely } from 'kysely';
import { run, tenantTable } from '../tenancy-sql.ts';

/**
 * The provider's own servers that call the API without a user (issue 28): the switch (call records),
 * the media server (voicemail deposits) and the recording server (call recordings). Each has its own
 * secret, stored as its SHA-256 (a secret is 32 random bytes: no dictionary to guess it from), so a
 * leaked server is revoked alone. Not one account's row: the escape hatch alone reads and writes it,
 * and a provider admin's change records its event (platform/server-routes.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await run(
    db,
    `create table platform_servers (
      id serial primary key,
      name varchar(50) not null,
      role text not null check (role in ('switch', 'media', 'recording')),
      secret_sha256 bytea not null check (length(secret_sha256) = 32),
      enabled boolean not null default true,
      created_at timestamptz not null default now(),
      rotated_at timestamptz,
      version integer not null default 1
    )`,
    'create unique index platform_servers_name_key on platform_servers (lower(name))',
  );
  await tenantTable(db, 'platform_servers', { crossAccountOnly: true });
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await run(db, 'drop table platform_servers');
}
