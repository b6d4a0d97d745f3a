/** Table of IVR menus. */
import type { ivrFields } from '@switchboard/domain';
import type { Generated } from 'kysely';
import type { RecordRow } from '../../db/schema.ts';
import type { DeclaredColumns } from '../../platform/declared-fields.ts';

/**
 * A menu's columns: its record row and its declared fields (domain ivrFields), but the prompts,
 * stored as a prompt's row or null (the sentinels -1 and 0 are not rows).
 */
export interface IvrsTable
  extends RecordRow,
    Omit<DeclaredColumns<typeof ivrFields>, 'greeting_id' | 'invalid_prompt_id'> {
  greeting_id: number | null;
  invalid_prompt_id: number | null;
  invalid_prompt_none: Generated<boolean>;
}

declare module '../../db/schema.ts' {
  interface Database {
    ivrs: IvrsTable;
  }
}
