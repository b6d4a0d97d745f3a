/** Table of IVR menus. */
import type { Generated } from 'kysely';
import type { Timestamp } from '../../db/schema.ts';

export interface IvrsTable {
  id: Generated<number>;
  version: Generated<number>;
  account_no: number;
  ivr_no: number;
  description: string;
  greeting_id: number | null;
  invalid_prompt_id: number | null;
  invalid_prompt_none: Generated<boolean>;
  option1: Generated<string>;
  option2: Generated<string>;
  option3: Generated<string>;
  option4: Generated<string>;
  option5: Generated<string>;
  option6: Generated<string>;
  option7: Generated<string>;
  option8: Generated<string>;
  option9: Generated<string>;
  option0: Generated<string>;
  option_star: Generated<string>;
  option_hash: Generated<string>;
  option_timeout: Generated<string>;
  created_at: Timestamp;
}

declare module '../../db/schema.ts' {
  interface Database {
    ivrs: IvrsTable;
  }
}
