import { describe, expect, it } from 'vitest';
import { daysText } from './api.ts';

const week = (on: string[]) =>
  Object.fromEntries(
    ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((d) => [d, on.includes(d)]),
  );

describe('daysText: the days a member rings, shortened', () => {
  it.each([
    [['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'], 'Every day'],
    [[], 'Never'],
    [['monday', 'tuesday', 'wednesday', 'thursday', 'friday'], 'Mon–Fri'],
    [['saturday', 'sunday'], 'Sat, Sun'],
    [['monday', 'wednesday', 'friday'], 'Mon, Wed, Fri'],
    [['tuesday', 'wednesday', 'thursday'], 'Tue–Thu'],
  ])('%j → %s', (on, text) => {
    expect(daysText(week(on))).toBe(text);
  });
});
