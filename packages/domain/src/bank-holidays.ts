/**
 * UK bank holidays computed from the rules (spec 2 §9: 0 disabled, 1 England & Wales, 2 Scotland,
 * 3 Northern Ireland): Easter-based days, first / last Mondays, and substitute weekdays when a
 * fixed-date holiday falls on a weekend. One-off proclamations are listed explicitly.
 */
export const BANK_HOLIDAY_REGIONS = { disabled: 0, englandWales: 1, scotland: 2, northernIreland: 3 } as const;
export type BankHolidayRegion = 0 | 1 | 2 | 3;

export interface BankHoliday {
  /** ISO date, YYYY-MM-DD. */
  date: string;
  name: string;
}

const iso = (d: Date) => d.toISOString().slice(0, 10);
const utc = (y: number, m: number, d: number) => new Date(Date.UTC(y, m - 1, d));
const addDays = (d: Date, n: number) => new Date(d.getTime() + n * 86_400_000);
const isWeekend = (d: Date) => d.getUTCDay() === 0 || d.getUTCDay() === 6;

/** Easter Sunday (Gregorian, the anonymous algorithm). */
export function easterSunday(year: number): Date {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return utc(year, month, day);
}

function firstMonday(year: number, month: number): Date {
  const first = utc(year, month, 1);
  return addDays(first, (8 - first.getUTCDay()) % 7);
}

function lastMonday(year: number, month: number): Date {
  const last = utc(year, month + 1, 0);
  return addDays(last, -((last.getUTCDay() + 6) % 7));
}

/** Moved or extra days by royal proclamation (England & Wales, Scotland and Northern Ireland alike). */
const PROCLAMATIONS: Record<number, { move?: Record<string, string>; extra?: BankHoliday[] }> = {
  1995: { move: { 'Early May bank holiday': '1995-05-08' } },
  2002: { move: { 'Spring bank holiday': '2002-06-04' }, extra: [{ date: '2002-06-03', name: 'Golden Jubilee' }] },
  2011: { extra: [{ date: '2011-04-29', name: 'Royal wedding' }] },
  2012: { move: { 'Spring bank holiday': '2012-06-04' }, extra: [{ date: '2012-06-05', name: 'Diamond Jubilee' }] },
  2020: { move: { 'Early May bank holiday': '2020-05-08' } },
  2022: {
    move: { 'Spring bank holiday': '2022-06-02' },
    extra: [
      { date: '2022-06-03', name: 'Platinum Jubilee' },
      { date: '2022-09-19', name: 'State Funeral of Queen Elizabeth II' },
    ],
  },
  2023: { extra: [{ date: '2023-05-08', name: 'Coronation of King Charles III' }] },
};

/**
 * Fixed-date holidays with substitutes: the ones on weekdays keep their date; each one on a
 * weekend takes the next weekday not already a holiday (Christmas on Saturday → Monday 27th,
 * Boxing Day on Sunday → Tuesday 28th).
 */
function withSubstitutes(fixed: Array<{ date: Date; name: string }>, taken: Set<string>): BankHoliday[] {
  const out: BankHoliday[] = [];
  for (const h of fixed.filter((f) => !isWeekend(f.date))) {
    taken.add(iso(h.date));
    out.push({ date: iso(h.date), name: h.name });
  }
  for (const h of fixed.filter((f) => isWeekend(f.date))) {
    let d = addDays(h.date, 1);
    while (isWeekend(d) || taken.has(iso(d))) d = addDays(d, 1);
    taken.add(iso(d));
    out.push({ date: iso(d), name: `${h.name} (substitute day)` });
  }
  return out;
}

export function bankHolidays(year: number, region: BankHolidayRegion): BankHoliday[] {
  if (region === 0) return [];
  const easter = easterSunday(year);
  const movable: BankHoliday[] = [
    { date: iso(addDays(easter, -2)), name: 'Good Friday' },
    ...(region !== 2 ? [{ date: iso(addDays(easter, 1)), name: 'Easter Monday' }] : []),
    { date: iso(firstMonday(year, 5)), name: 'Early May bank holiday' },
    { date: iso(lastMonday(year, 5)), name: 'Spring bank holiday' },
    {
      date: iso(region === 2 ? firstMonday(year, 8) : lastMonday(year, 8)),
      name: 'Summer bank holiday',
    },
  ];
  const special = PROCLAMATIONS[year];
  for (const h of movable) {
    const moved = special?.move?.[h.name];
    if (moved) h.date = moved;
  }
  const taken = new Set(movable.map((h) => h.date));
  const groups: Array<Array<{ date: Date; name: string }>> = [
    region === 2
      ? [
          { date: utc(year, 1, 1), name: "New Year's Day" },
          { date: utc(year, 1, 2), name: '2nd January' },
        ]
      : [{ date: utc(year, 1, 1), name: "New Year's Day" }],
    ...(region === 3 ? [[{ date: utc(year, 3, 17), name: "St Patrick's Day" }]] : []),
    ...(region === 3 ? [[{ date: utc(year, 7, 12), name: 'Battle of the Boyne (Orangemen’s Day)' }]] : []),
    ...(region === 2 ? [[{ date: utc(year, 11, 30), name: "St Andrew's Day" }]] : []),
    [
      { date: utc(year, 12, 25), name: 'Christmas Day' },
      { date: utc(year, 12, 26), name: 'Boxing Day' },
    ],
  ];
  const fixed = groups.flatMap((g) => withSubstitutes(g, taken));
  const all = [...movable, ...fixed, ...(special?.extra ?? [])];
  return all.sort((a, b) => a.date.localeCompare(b.date));
}

/** Whether a date (YYYY-MM-DD) is a bank holiday in the region. */
export function isBankHoliday(date: string, region: BankHolidayRegion): boolean {
  const year = Number(date.slice(0, 4));
  return bankHolidays(year, region).some((h) => h.date === date);
}
