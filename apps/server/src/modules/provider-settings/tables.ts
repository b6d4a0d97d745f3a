/** The provider's support settings (migration 088): one row, id 1. */
import type { supportSettingsFields } from '@switchboard/domain';
import type { Generated } from 'kysely';
import type { Timestamp } from '../../db/schema.ts';
import type { DeclaredColumns } from '../../platform/declared-fields.ts';

export interface SupportSettingsTable extends DeclaredColumns<typeof supportSettingsFields> {
  id: Generated<number>;
  version: Generated<number>;
  updated_at: Timestamp;
}

declare module '../../db/schema.ts' {
  interface Database {
    support_settings: SupportSettingsTable;
  }
}
