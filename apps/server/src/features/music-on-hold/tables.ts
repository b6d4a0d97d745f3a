/** Table of music on hold. */
import type { Generated } from 'kysely';
import type { Timestamp } from '../../db/schema.ts';

export interface MusicOnHoldTable {
  id: Generated<number>;
  /** null: the provider's music (read-only, shown as account 0). */
  account_no: number | null;
  name: string;
  /** The file store's key of the MP3; null for the provider's music (kept on the media servers). */
  file_key: string | null;
  file_size: Generated<number>;
  file_sha256: string | null;
  version: Generated<number>;
  created_at: Timestamp;
}

declare module '../../db/schema.ts' {
  interface Database {
    music_on_hold: MusicOnHoldTable;
  }
}
