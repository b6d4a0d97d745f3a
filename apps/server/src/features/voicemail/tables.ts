/** Tables of voicemail (migration 098): messages deposited into a seat's mailbox and its greetings. */
import type { Generated } from 'kysely';
import type { Timestamp } from '../../db/schema.ts';

interface StoredAudioColumns {
  file_key: string;
  file_size: number;
  file_sha256: string;
}

export interface VoicemailMessagesTable extends StoredAudioColumns {
  id: Generated<number>;
  account_no: number;
  seat_id: number;
  folder: Generated<'new' | 'old'>;
  caller_id_name: Generated<string>;
  caller_id_number: Generated<string>;
  received_at: Timestamp;
  duration: Generated<number>;
  created_at: Timestamp;
}

export interface VoicemailGreetingsTable extends StoredAudioColumns {
  id: Generated<number>;
  account_no: number;
  seat_id: number;
  type: string;
  created_at: Timestamp;
}

declare module '../../db/schema.ts' {
  interface Database {
    voicemail_messages: VoicemailMessagesTable;
    voicemail_greetings: VoicemailGreetingsTable;
  }
}
