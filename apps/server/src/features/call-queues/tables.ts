/** Tables of call queues and their members. */
import type { Generated } from 'kysely';
import type { Timestamp } from '../../db/schema.ts';

export interface CallQueuesTable {
  id: Generated<number>;
  version: Generated<number>;
  account_no: number;
  queue_no: number;
  custom_name: string;
  queue_time: Generated<number>;
  max_length: Generated<number>;
  exit_switch: Generated<boolean>;
  exit_time: Generated<string>;
  fallover_location: Generated<string>;
  join_empty: Generated<boolean>;
  fallover_location_empty: Generated<string>;
  answer_elsewhere: Generated<boolean>;
  queue_cid_prefix: Generated<string>;
  welcome_id: number | null;
  music_on_hold_id: number | null;
  queue_jump: Generated<boolean>;
  strategy: Generated<string>;
  timeout: Generated<number>;
  retry: Generated<number>;
  wrap_up_time: Generated<number>;
  report_hold_time: Generated<boolean>;
  announce_prompt_id: number | null;
  announce_system: Generated<number>;
  announce_hold_time: Generated<boolean>;
  announce_frequency: Generated<number>;
  periodic_announce_id: number | null;
  periodic_announce_frequency: Generated<number>;
  queue_full_message_id: number | null;
  created_at: Timestamp;
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
