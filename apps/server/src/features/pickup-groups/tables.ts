/** Tables of pickup groups and their seats. */
import type { pickupGroupFields } from '@switchboard/domain';
import type { Generated } from 'kysely';
import type { RecordRow, Timestamp } from '../../db/schema.ts';
import type { DeclaredColumns } from '../../platform/declared-fields.ts';

/** A pickup group's columns: its record row and its declared fields (domain pickupGroupFields). */
export interface PickupGroupsTable extends RecordRow, DeclaredColumns<typeof pickupGroupFields> {}

export interface PickupGroupMembersTable {
  id: Generated<number>;
  account_no: number;
  group_id: number;
  seat_id: number;
  created_at: Timestamp;
}

declare module '../../db/schema.ts' {
  interface Database {
    pickup_groups: PickupGroupsTable;
    pickup_group_members: PickupGroupMembersTable;
  }
}
