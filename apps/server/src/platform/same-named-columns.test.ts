import type { Generated } from 'kysely';
import { describe, expectTypeOf, it } from 'vitest';
import type { DefaultedColumns, RecordColumns, SameNamedColumns, SnakeCase } from './same-named-columns.ts';

describe('same-named columns', () => {
  it('names each field in snake_case with its type', () => {
    expectTypeOf<SnakeCase<'vmFullname'>>().toEqualTypeOf<'vm_fullname'>();
    expectTypeOf<SnakeCase<'telephoneNumberAclId'>>().toEqualTypeOf<'telephone_number_acl_id'>();
    expectTypeOf<SnakeCase<'line2'>>().toEqualTypeOf<'line2'>();
    expectTypeOf<SameNamedColumns<{ inPromptId: number | null; name: string }>>().toEqualTypeOf<{
      in_prompt_id: number | null;
      name: string;
    }>();
  });

  it('makes defaulted columns Generated', () => {
    expectTypeOf<DefaultedColumns<{ channelLimit: number }>>().toEqualTypeOf<{ channel_limit: Generated<number> }>();
  });

  it('puts a prefix before each defaulted column’s name', () => {
    expectTypeOf<DefaultedColumns<{ businessSuffix: string }, 'ems_'>>().toEqualTypeOf<{
      ems_business_suffix: Generated<string>;
    }>();
  });

  it("gives a record's row: its id, account and version, and the columns of its other fields but those excepted", () => {
    type Rec = { id: number; version: number; accountNo: number; name: string; days: object };
    expectTypeOf<keyof RecordColumns<Rec, 'days'>>().toEqualTypeOf<
      'id' | 'account_no' | 'version' | 'created_at' | 'name'
    >();
  });
});
