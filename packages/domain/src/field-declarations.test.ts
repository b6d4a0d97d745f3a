import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { callTimesRecord, callTimesSchema } from './call-options.ts';
import { choice, columnOf, declareFields, field, flag, recordField, storedKind } from './field-declarations.ts';
import { integer, optionalText, recordId, requiredText } from './fields.ts';

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

  it('leave a write-only field out of the record, but in both inputs', () => {
    const secret = declareFields({
      name: field(requiredText(), { label: 'Name' }),
      pin: field(optionalText(), { writeOnly: { keepWhenEmpty: true } }),
    });
    expect(Object.keys(secret.shape)).toEqual(['name', 'pin']);
    expect(Object.keys(secret.recordShape)).toEqual(['name']);
    // @ts-expect-error: the record has no such field
    secret.recordShape.pin;
  });
});

describe('recordField', () => {
  const input = {
    name: optionalText({ max: 5 }),
    count: integer(1, 3).default(2),
    on: z.boolean().default(true),
    mode: z.enum(['a', 'b']).default('a'),
    ref: recordId('pick one').nullable().default(null),
    email: z.email(),
    list: z.array(z.string().regex(/^\d+$/)).max(2),
    nested: z.object({ size: integer(1, 2).default(1) }),
  };
  const record = declareFields({
    ...Object.fromEntries(Object.entries(input).map(([k, v]) => [k, field(v)])),
    times: field(callTimesSchema, { record: callTimesRecord }),
  });
  const schema = z.object(record.recordShape);

  it('takes what is stored as it is: no defaults, coercions or rules', () => {
    const stored = {
      name: 'longer than five',
      count: 7,
      on: false,
      mode: 'b',
      ref: 9,
      email: 'x',
      list: ['a', 'b', 'c'],
      nested: { size: 9 },
      times: { mode: 'range', from: '08:00', to: '18:00' },
    };
    expect(schema.parse(stored)).toEqual(stored);
  });

  it('still checks the types', () => {
    expect(schema.safeParse({ name: 1, count: 1, on: true, mode: 'a', ref: null, email: '', list: [] }).success).toBe(
      false,
    );
    expect(recordField(input.count).safeParse(1.5).success).toBe(false);
    expect(recordField(input.count).safeParse('2').success).toBe(false);
    expect(recordField(input.mode).safeParse('c').success).toBe(false);
    expect(recordField(input.ref).safeParse(null).success).toBe(true);
    expect(recordField(input.nested).safeParse({ size: '1' }).success).toBe(false);
  });

  it('refuses an input it cannot know the output of (a transform) unless its record is stated', () => {
    expect(() => recordField(callTimesSchema)).toThrow(/state the record field/);
    expect(() => declareFields({ times: field(callTimesSchema) })).toThrow(/state the record field/);
  });
});
