/** Tables of call groups and their members. */
import type { MemberDays } from '@switchboard/domain';
import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from '../../db/schema.ts';

export interface CallGroupsTable {
  id: Generated<number>;
  version: Generated<number>;
  account_no: number;
  group_no: number;
  custom_name: string;
  cid_prefix: Generated<string>;
  music_on_hold_id: number | null;
  fallover_location: Generated<string>;
  answer_elsewhere: Generated<boolean>;
  ignore_cfwd: Generated<boolean>;
  ring_type: Generated<number>;
  ring_time: Generated<number>;
  created_at: Timestamp;
}

export interface CallGroupMembersTable {
  id: Generated<number>;
  account_no: number;
  group_id: number;
  /** A destination of the account ('seat:201'). */
  member: string;
  days: ColumnType<MemberDays, string, string>;
  start_time: Generated<string>;
  end_time: Generated<string>;
  penalty: Generated<number>;
  version: Generated<number>;
  created_at: Timestamp;
}

declare module '../../db/schema.ts' {
  interface Database {
    call_groups: CallGroupsTable;
    call_group_members: CallGroupMembersTable;
  }
}
