import { describe, expect, it } from 'vitest';
import { bankHolidays, easterSunday, isBankHoliday } from './bank-holidays.ts';

const dates = (year: number, region: 1 | 2 | 3) => bankHolidays(year, region).map((h) => h.date);

describe('UK bank holidays (published dates)', () => {
  it('computes Easter Sunday', () => {
    expect(easterSunday(2024).toISOString().slice(0, 10)).toBe('2024-03-31');
    expect(easterSunday(2025).toISOString().slice(0, 10)).toBe('2025-04-20');
    expect(easterSunday(2026).toISOString().slice(0, 10)).toBe('2026-04-05');
    expect(easterSunday(2027).toISOString().slice(0, 10)).toBe('2027-03-28');
  });

  it('England & Wales', () => {
    expect(dates(2024, 1)).toEqual([
      '2024-01-01',
      '2024-03-29',
      '2024-04-01',
      '2024-05-06',
      '2024-05-27',
      '2024-08-26',
      '2024-12-25',
      '2024-12-26',
    ]);
    expect(dates(2025, 1)).toEqual([
      '2025-01-01',
      '2025-04-18',
      '2025-04-21',
      '2025-05-05',
      '2025-05-26',
      '2025-08-25',
      '2025-12-25',
      '2025-12-26',
    ]);
    expect(dates(2026, 1)).toEqual([
      '2026-01-01',
      '2026-04-03',
      '2026-04-06',
      '2026-05-04',
      '2026-05-25',
      '2026-08-31',
      '2026-12-25',
      '2026-12-28',
    ]);
    expect(dates(2027, 1)).toEqual([
      '2027-01-01',
      '2027-03-26',
      '2027-03-29',
      '2027-05-03',
      '2027-05-31',
      '2027-08-30',
      '2027-12-27',
      '2027-12-28',
    ]);
    // 2022: Spring bank holiday moved, Platinum Jubilee, the State Funeral; 2021: Boxing Day Sunday → Tuesday.
    expect(dates(2022, 1)).toEqual([
      '2022-01-03',
      '2022-04-15',
      '2022-04-18',
      '2022-05-02',
      '2022-06-02',
      '2022-06-03',
      '2022-08-29',
      '2022-09-19',
      '2022-12-26',
      '2022-12-27',
    ]);
    expect(dates(2021, 1)).toEqual([
      '2021-01-01',
      '2021-04-02',
      '2021-04-05',
      '2021-05-03',
      '2021-05-31',
      '2021-08-30',
      '2021-12-27',
      '2021-12-28',
    ]);
  });

  it('Scotland', () => {
    expect(dates(2024, 2)).toEqual([
      '2024-01-01',
      '2024-01-02',
      '2024-03-29',
      '2024-05-06',
      '2024-05-27',
      '2024-08-05',
      '2024-12-02',
      '2024-12-25',
      '2024-12-26',
    ]);
    expect(dates(2025, 2)).toEqual([
      '2025-01-01',
      '2025-01-02',
      '2025-04-18',
      '2025-05-05',
      '2025-05-26',
      '2025-08-04',
      '2025-12-01',
      '2025-12-25',
      '2025-12-26',
    ]);
    expect(dates(2026, 2)).toEqual([
      '2026-01-01',
      '2026-01-02',
      '2026-04-03',
      '2026-05-04',
      '2026-05-25',
      '2026-08-03',
      '2026-11-30',
      '2026-12-25',
      '2026-12-28',
    ]);
    // 2022: New Year's Day Saturday and 2nd January Sunday → Monday 3rd and Tuesday 4th.
    expect(dates(2022, 2).slice(0, 2)).toEqual(['2022-01-03', '2022-01-04']);
    // 2023: 1st January Sunday, 2nd Monday → 2nd and 3rd.
    expect(dates(2023, 2).slice(0, 2)).toEqual(['2023-01-02', '2023-01-03']);
  });

  it('Northern Ireland', () => {
    expect(dates(2024, 3)).toEqual([
      '2024-01-01',
      '2024-03-18',
      '2024-03-29',
      '2024-04-01',
      '2024-05-06',
      '2024-05-27',
      '2024-07-12',
      '2024-08-26',
      '2024-12-25',
      '2024-12-26',
    ]);
    expect(dates(2025, 3)).toEqual([
      '2025-01-01',
      '2025-03-17',
      '2025-04-18',
      '2025-04-21',
      '2025-05-05',
      '2025-05-26',
      '2025-07-14',
      '2025-08-25',
      '2025-12-25',
      '2025-12-26',
    ]);
    expect(dates(2026, 3)).toEqual([
      '2026-01-01',
      '2026-03-17',
      '2026-04-03',
      '2026-04-06',
      '2026-05-04',
      '2026-05-25',
      '2026-07-13',
      '2026-08-31',
      '2026-12-25',
      '2026-12-28',
    ]);
  });

  it('disabled has none; isBankHoliday answers per region', () => {
    expect(bankHolidays(2026, 0)).toEqual([]);
    expect(isBankHoliday('2026-04-06', 1)).toBe(true);
    expect(isBankHoliday('2026-04-06', 2)).toBe(false);
    expect(isBankHoliday('2026-08-03', 2)).toBe(true);
    expect(isBankHoliday('2026-07-13', 3)).toBe(true);
    expect(isBankHoliday('2026-07-13', 1)).toBe(false);
  });
});
