import { callGroupFields, declareFields, field, flag, requiredText } from '@switchboard/domain';
import { describe, expect, it } from 'vitest';
import { declaredFields } from './declared-fields.ts';
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
});
