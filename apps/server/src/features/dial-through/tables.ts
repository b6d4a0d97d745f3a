/** Tables of dial-throughs and their caller-ID authentication entries. */
import type { Generated } from 'kysely';
import type { Timestamp } from '../../db/schema.ts';

export interface DialThroughsTable {
  id: Generated<number>;
  version: Generated<number>;
  account_no: number;
  name: string;
  cli: Generated<string>;
  pin: Generated<string>;
  pin_enabled: Generated<boolean>;
  uk_geo: Generated<boolean>;
  inter: Generated<boolean>;
  uk_mob: Generated<boolean>;
  uk_other: Generated<boolean>;
  channels: Generated<number>;
  created_at: Timestamp;
}

export interface DialThroughClisTable {
  id: Generated<number>;
  account_no: number;
  dial_through_id: number;
  number: string;
  created_at: Timestamp;
}

declare module '../../db/schema.ts' {
  interface Database {
    dial_throughs: DialThroughsTable;
    dial_through_clis: DialThroughClisTable;
  }
}
