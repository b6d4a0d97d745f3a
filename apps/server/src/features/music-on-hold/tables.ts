/** Table of music on hold: a media table (the provider's music is kept on the media servers, no file). */
import type { MediaTable } from '../../db/schema.ts';

export type MusicOnHoldTable = MediaTable;

declare module '../../db/schema.ts' {
  interface Database {
    music_on_hold: MusicOnHoldTable;
  }
}
