import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { callTimesRecord, callTimesSchema } from './call-options.ts';
import { integer, optionalText, recordId } from './fields.ts';
import { recordField, recordShape } from './record-shape.ts';

describe('recordShape', () => {
  const input = {
    name: optionalText({ max: 5 }),
    count: integer(1, 3).default(2),
    on: z.boolean().default(true),
    mode: z.enum(['a', 'b']).default('a'),
    ref: recordId('pick one').nullable().default(null),
    email: z.email(),
    list: z.array(z.string().regex(/^\d+$/)).max(2),
    times: callTimesSchema,
  };
  const record = z.object(recordShape(input, { times: callTimesRecord }));

  it('takes what is stored as it is: no defaults, coercions or rules', () => {
    const stored = {
      name: 'longer than five',
      count: 7,
      on: false,
      mode: 'b',
      ref: 9,
      email: 'x',
      list: ['a', 'b', 'c'],
    };
    const times = { mode: 'range', from: '08:00', to: '18:00' };
    expect(record.parse({ ...stored, times })).toEqual({ ...stored, times });
  });

  it('still checks the types', () => {
    expect(
      record.safeParse({ name: 1, count: 1, on: true, mode: 'a', ref: null, email: '', list: [], times: {} }).success,
    ).toBe(false);
    expect(recordField(input.count).safeParse(1.5).success).toBe(false);
    expect(recordField(input.count).safeParse('2').success).toBe(false);
    expect(recordField(input.mode).safeParse('c').success).toBe(false);
    expect(recordField(input.ref).safeParse(null).success).toBe(true);
  });

  it('refuses an input it cannot know the output of (a transform) unless stated', () => {
    expect(() => recordShape({ times: callTimesSchema })).toThrow(/state the record field/);
  });
});
