/**
 * Billing periods and the charge sources of the monthly billing run (invoicing/billing-run.ts):
 * shared by the areas that charge an account by the month (seats and numbers in the invoices area,
 * bundles), so an area registers its charges without reaching into another.
 */
import { MONTH_NAMES } from '@switchboard/domain';
import { HttpError } from '../../platform/errors.ts';
import { londonClock } from '../../platform/london-clock.ts';
import type { Tx } from '../../platform/tenancy.ts';

// ---- periods and dates -----------------------------------------------------------------------

/** A billing period: the month 'YYYY-MM' and its dates (YYYY-MM-DD). */
export interface BillingPeriod {
  period: string;
  /** 'October 2026' */
  label: string;
  start: string;
  end: string;
  /** The first day after the period: the invoice date. */
  next: string;
}

const pad = (n: number) => String(n).padStart(2, '0');
const ymd = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;

export function billingPeriod(period: string): BillingPeriod {
  const match = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(period);
  if (!match) throw new HttpError(400, `Not a billing period: '${period}' (YYYY-MM)`);
  const year = Number(match[1]);
  const month = Number(match[2]) - 1;
  return {
    period,
    label: `${MONTH_NAMES[month]} ${year}`,
    start: ymd(new Date(Date.UTC(year, month, 1))),
    end: ymd(new Date(Date.UTC(year, month + 1, 0))),
    next: ymd(new Date(Date.UTC(year, month + 1, 1))),
  };
}

/** 'YYYY-MM-DD' + days. */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return ymd(new Date(Date.UTC(y, m - 1, d + days)));
}

/** Today in London, 'YYYY-MM-DD'. */
export function londonToday(now = new Date()): string {
  return londonClock(now).date;
}

/** The period before the one containing `now` (London): the last complete month. */
export function lastCompletePeriod(now = new Date()): string {
  const [y, m] = londonToday(now).split('-').map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m - 2, 1));
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}`;
}

/** The `count` periods up to and including `last`, oldest first. */
export function periodsUpTo(last: string, count: number): string[] {
  const [y, m] = last.split('-').map(Number) as [number, number];
  const out: string[] = [];
  for (let i = count - 1; i >= 0; i--) {
    const d = new Date(Date.UTC(y, m - 1 - i, 1));
    out.push(`${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}`);
  }
  return out;
}

/** 'DD/MM/YYYY' of 'YYYY-MM-DD' (spec 1 §9 date display). */
export function displayDate(date: string): string {
  const [y, m, d] = date.split('-');
  return `${d}/${m}/${y}`;
}

// ---- charge sources ---------------------------------------------------------------------------

/** One ex-VAT line of an invoice. */
export interface ChargeLine {
  description: string;
  quantity: number;
  unitPricePence: number;
}

/** Answers an account's charges for a period, in the invoice's transaction. */
export type ChargeSource = (tx: Tx, accountNo: number, period: BillingPeriod) => Promise<ChargeLine[]>;

const chargeSources = new Map<string, ChargeSource>();

/** Adds a charge source (bundles, call charges, ...); a name registers once. */
export function registerChargeSource(name: string, source: ChargeSource): void {
  if (chargeSources.has(name)) throw new Error(`Charge source ${name} is registered twice`);
  chargeSources.set(name, source);
}

/** The registered sources, in order (the billing run reads them all). */
export function chargeSourceList(): ChargeSource[] {
  return [...chargeSources.values()];
}

/** The registered sources' names, in order. */
export function chargeSourceNames(): string[] {
  return [...chargeSources.keys()];
}
