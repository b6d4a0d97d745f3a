import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { enteredTelephone, integer, oneOfOptions } from './fields.ts';
import { MESSAGES } from './messages.ts';
import { numberInRange } from './numbering.ts';

const messages = (schema: z.ZodType, value: unknown) => {
  const parsed = z.object({ n: schema }).safeParse({ n: value });
  return parsed.success ? parsed.data : parsed.error.issues.map((i) => i.message);
};

describe('numbers typed in a field (spec 1 §5: required fields; zero counts as filled)', () => {
  it.each([
    ['empty', ''],
    ['blank', '   '],
    ['null', null],
    ['missing', undefined],
  ])('a required integer left %s says it is required', (_case, value) => {
    expect(messages(integer(1, 200), value)).toEqual([MESSAGES.required]);
    expect(messages(numberInRange({ min: 200, max: 998 }, 'Please input a valid number'), value)).toEqual([
      MESSAGES.required,
    ]);
  });

  it('keeps its bounds messages, and takes zero and typed digits', () => {
    expect(messages(integer(1, 200), '0')).toEqual([MESSAGES.minValue(1)]);
    expect(messages(integer(1, 200), 201)).toEqual([MESSAGES.maxValue(200)]);
    expect(messages(integer(0, 10), '0')).toEqual({ n: 0 });
    expect(messages(integer(1, 200), ' 12 ')).toEqual({ n: 12 });
    expect(messages(numberInRange({ min: 200, max: 998 }, 'Please input a valid number'), '999')).toEqual([
      'Please input a valid number',
    ]);
  });

  it('still defaults when the field is not sent at all', () => {
    expect(z.object({ n: integer(1, 200).default(2) }).parse({})).toEqual({ n: 2 });
  });
});

describe("a select's choice (oneOfOptions)", () => {
  const modes = oneOfOptions([{ value: 0 }, { value: 1 }, { value: 2 }], 0);
  it('takes an option, given as a number or digits, and defaults when not sent', () => {
    expect(messages(modes, 2)).toEqual({ n: 2 });
    expect(messages(modes, '1')).toEqual({ n: 1 });
    expect(messages(modes, undefined)).toEqual({ n: 0 });
  });
  it.each([3, -1, 1.5, 'x'])('refuses %s as no option', (value) => {
    expect(messages(modes, value)).toEqual([MESSAGES.selectOption]);
  });
});

describe('a telephone number typed on its own (enteredTelephone)', () => {
  const number = enteredTelephone();
  const message = (v: unknown) => number.safeParse(v).error?.issues[0]?.message;

  it('takes a number of the telephone pattern, trimmed', () => {
    expect(number.parse(' 01214960000 ')).toBe('01214960000');
    expect(number.parse('+441214960000')).toBe('+441214960000');
  });

  it('asks for a number when there is none, and refuses anything else with the telephone message', () => {
    expect(message('')).toBe(MESSAGES.enterTelephone);
    expect(message(undefined)).toBe(MESSAGES.enterTelephone);
    expect(message('12')).toBe(MESSAGES.telephone);
    expect(message('1'.repeat(5000))).toBe(MESSAGES.telephone);
    expect(number.safeParse('1'.repeat(5000)).error?.issues).toHaveLength(1);
  });
});
