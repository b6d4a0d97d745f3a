/** Tables of call queues and their members. */
import type { callQueueFields } from '@switchboard/domain';
import type { Generated } from 'kysely';
import type { RecordRow, Timestamp } from '../../db/schema.ts';
import type { DeclaredColumns } from '../../platform/declared-fields.ts';

type PromptColumns = 'welcome_id' | 'announce_prompt_id' | 'periodic_announce_id' | 'queue_full_message_id';

/** A call queue's columns: its record row and declared fields (domain callQueueFields); the prompts are ids or nothing. */
export interface CallQueuesTable extends RecordRow, Omit<DeclaredColumns<typeof callQueueFields>, PromptColumns> {
  welcome_id: number | null;
  announce_prompt_id: number | null;
  /** The identification when no prompt is kept (-1..-5). */
  announce_system: Generated<number>;
  periodic_announce_id: number | null;
  queue_full_message_id: number | null;
}

export interface CallQueueMembersTable {
  id: Generated<number>;
  account_no: number;
  queue_id: number;
  member: string;
  penalty: Generated<number>;
  version: Generated<number>;
  created_at: Timestamp;
}

declare module '../../db/schema.ts' {
  interface Database {
    call_queues: CallQueuesTable;
    call_queue_members: CallQueueMembersTable;
  }
}
