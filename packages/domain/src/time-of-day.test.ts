import { describe, expect, it } from 'vitest';
import { DAY_LABELS, minutesToTime, perDay, TIME_OF_DAY, timeToMinutes } from './time-of-day.ts';

describe('times of day', () => {
  it('turns minutes of the day into HH:mm and back, clamped to the day', () => {
    expect(minutesToTime(0)).toBe('00:00');
    expect(minutesToTime(570)).toBe('09:30');
    expect(minutesToTime(1439)).toBe('23:59');
    expect(minutesToTime(2000)).toBe('23:59');
    expect(minutesToTime(-5)).toBe('00:00');
    expect(timeToMinutes('17:30')).toBe(1050);
  });
  it('reads HH:mm digit by digit as it reads any other text: hours and minutes split at the colon', () => {
    const bySplit = (time: string) => {
      const [h, m] = time.split(':').map(Number);
      return (h ?? 0) * 60 + (m ?? 0);
    };
    const every = Array.from({ length: 1440 }, (_, m) => minutesToTime(m));
    expect(every.map(timeToMinutes)).toEqual(every.map((_, m) => m));
    const odd = ['9:30', '24:00', '12:60', '99:99', '', '12', '1:2:3', 'ab:cd', '12:3x', ' 9:30', '09:30 ', '0a:00'];
    expect(odd.map(timeToMinutes)).toEqual(odd.map(bySplit));
  });
  it('knows a time of day and the days by name', () => {
    expect(['00:00', '23:59', '9:30', '24:00', '12:60'].map((t) => TIME_OF_DAY.test(t))).toEqual([
      true,
      true,
      false,
      false,
      false,
    ]);
    expect(DAY_LABELS.wednesday).toBe('Wednesday');
    expect(perDay((d) => d.length)).toMatchObject({ monday: 6, sunday: 6, wednesday: 9 });
  });
});
