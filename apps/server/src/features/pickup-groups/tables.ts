/** Tables of pickup groups and their seats. */
import type { Generated } from 'kysely';
import type { Timestamp } from '../../db/schema.ts';

export interface PickupGroupsTable {
  id: Generated<number>;
  version: Generated<number>;
  account_no: number;
  name: string;
  created_at: Timestamp;
}

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
