import {
  callGroupFields,
  declareFields,
  field,
  flag,
  optionalText,
  requiredText,
  snakeCase,
} from '@switchboard/domain';
import type { ColumnType, Generated } from 'kysely';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { type DeclaredColumns, declaredFields, type SnakeCase } from './declared-fields.ts';
import { fieldMap, tableOf, versionedFields } from './fields.ts';
import { listIndexes } from './list-indexes.ts';

describe('declared fields on the server', () => {
  it('make the field map: columns, kinds, list use, references and create-only from the declaration', () => {
    const map = fieldMap<Record<'id' | 'version' | keyof typeof callGroupFields.declared, unknown>>('call_groups', {
      ...versionedFields,
      ...declaredFields(callGroupFields),
    });
    expect(tableOf(map)).toBe('call_groups');
    expect(map.groupNo).toMatchObject({ kind: 'number', column: 'group_no', createOnly: true, sortable: true });
    expect(map.ringTime).toMatchObject({ kind: 'number', sql: 'call_groups.ring_time', filterable: true });
    expect(map.musicOnHold).toMatchObject({ column: 'music_on_hold_id', references: { table: 'music_on_hold' } });
    expect(map.falloverLocation).toMatchObject({ kind: 'text', uses: { kind: 'destination' } });
    expect(map.answerElsewhere).toMatchObject({ kind: 'boolean', column: 'answer_elsewhere' });
    expect(map.customName?.filterable).toBeUndefined();
  });

  it('derive one list index per sortable or filterable column of the table, none for computed ones', () => {
    const declared = declareFields({
      name: field(requiredText(), { sortable: true, searchable: true }),
      quiet: flag(false, { filterable: true }),
      note: field(requiredText()),
    });
    const a = fieldMap<{ name: string; quiet: boolean; note: string }>('things', declaredFields(declared));
    const b = fieldMap<{ name: string; total: number }>('things', {
      name: declaredFields(declared).name,
      total: (table) => ({
        kind: 'number',
        sql: `(select count(*) from parts where parts.thing = ${table}.id)`,
        sortable: true,
      }),
    });
    expect(listIndexes([a, b])).toEqual([
      { table: 'things', column: 'name' },
      { table: 'things', column: 'quiet' },
    ]);
  });

  it('put a prefix before each column, and write a write-only field without reading it back', () => {
    const address = declareFields({
      businessSuffix: field(optionalText(), { label: 'Suffix' }),
      name: field(requiredText(), { label: 'Name' }),
      pin: field(optionalText(), { writeOnly: { keepWhenEmpty: true } }),
      tags: field(z.array(z.string())),
    });
    const map = fieldMap<{ businessSuffix: string; name: string; tags: string[] }, 'pin'>(
      'numbers',
      declaredFields(address, { prefix: 'ems_' }),
    );
    expect(map.businessSuffix).toMatchObject({ kind: 'text', column: 'ems_business_suffix' });
    expect(map.name).toMatchObject({ kind: 'text', sql: 'numbers.ems_name' });
    expect((map as Record<string, unknown>).pin).toMatchObject({
      column: 'ems_pin',
      writeOnly: { keepWhenEmpty: true },
    });
    expect(map.tags).toMatchObject({ kind: 'json', column: 'ems_tags' });
    // The columns' types: a default is Generated (optional in an insert), an array a json column.
    expectTypeOf<DeclaredColumns<typeof address, 'ems_'>>().toEqualTypeOf<{
      ems_business_suffix: Generated<string>;
      ems_name: string;
      ems_pin: Generated<string>;
      ems_tags: ColumnType<string[], string, string>;
    }>();
  });

  it('name columns in snake_case, as the domain does', () => {
    expect(snakeCase('keepOnNetwork')).toBe('keep_on_network');
    expectTypeOf<SnakeCase<'vmFullname'>>().toEqualTypeOf<'vm_fullname'>();
    expectTypeOf<SnakeCase<'telephoneNumberAclId'>>().toEqualTypeOf<'telephone_number_acl_id'>();
    expectTypeOf<SnakeCase<'line2'>>().toEqualTypeOf<'line2'>();
  });
});
