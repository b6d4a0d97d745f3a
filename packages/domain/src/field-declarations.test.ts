import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { choice, columnOf, declareFields, field, flag, storedKind } from './field-declarations.ts';
import { optionalText, recordId, requiredText } from './fields.ts';

const SIZES = [
  { value: 1, label: 'Small' },
  { value: 2, label: 'Large' },
] as const;

const things = declareFields({
  thingNo: field(z.number().int().min(1), { label: 'Number', createOnly: true }),
  name: field(requiredText({ max: 10 }), { label: 'Name', sortable: true }),
  note: field(optionalText({ max: 20 }), { label: 'Note' }),
  size: choice(SIZES, 1, { label: 'Size', filterable: true }),
  loud: flag(false, { label: 'Loud' }),
  owner: field(recordId().nullable().default(null), { column: 'owner_id', references: 'users' }),
  tags: field(
    z.array(z.string()).transform((t) => t.join(',')),
    { record: z.string() },
  ),
});

describe('field declarations', () => {
  it('give the update input without the create-only fields, the create input with them', () => {
    expect(Object.keys(things.shape)).toEqual(['name', 'note', 'size', 'loud', 'owner', 'tags']);
    expect(Object.keys(things.createShape)).toEqual(['thingNo', ...Object.keys(things.shape)]);
    const input = z.object(things.shape);
    expect(input.parse({ name: ' a ', tags: ['x', 'y'] })).toEqual({
      name: 'a',
      note: '',
      size: 1,
      loud: false,
      owner: null,
      tags: 'x,y',
    });
    expect(input.safeParse({ name: 'a', size: 3, tags: [] }).error?.issues[0]?.message).toBe('Please select an option');
  });

  it('give the record: the plain type each input stores, or the stated one', () => {
    const record = z.object(things.recordShape);
    const stored = { thingNo: 4, name: 'a', note: '', size: 2, loud: true, owner: null, tags: 'x,y' };
    expect(record.parse(stored)).toEqual(stored);
    // A record states what is stored, without the input's rules: a long stored name is read back.
    expect(record.safeParse({ ...stored, name: 'x'.repeat(50) }).success).toBe(true);
    expect(record.safeParse({ ...stored, size: '2' }).success).toBe(false);
  });

  it('name the column (snake_case unless told) and the stored kind', () => {
    expect(columnOf('thingNo', things.meta.thingNo)).toBe('thing_no');
    expect(columnOf('owner', things.meta.owner)).toBe('owner_id');
    expect(storedKind(things.declared.size.schema)).toBe('number');
    expect(storedKind(things.declared.owner.schema)).toBe('number');
    expect(storedKind(things.declared.loud.schema)).toBe('boolean');
    expect(storedKind(things.declared.note.schema)).toBe('text');
    expect(storedKind(z.object({ a: z.string() }))).toBe('json');
    expect(things.meta.size.options).toBe(SIZES);
  });
});
