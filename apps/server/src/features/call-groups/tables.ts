/** Tables of call groups and their members. */
import type { callGroupFields, MemberDays } from '@switchboard/domain';
import type { ColumnType, Generated } from 'kysely';
import type { RecordRow, Timestamp } from '../../db/schema.ts';
import type { DeclaredColumns } from '../../platform/declared-fields.ts';

/** A call group's columns: its record row and its declared fields (domain callGroupFields). */
export interface CallGroupsTable extends RecordRow, DeclaredColumns<typeof callGroupFields> {}

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
