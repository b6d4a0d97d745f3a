/**
 * Money helpers. Money is integer pence everywhere it is stored or summed; a tariff's rates are finer
 * (1.25p a minute), so a rate is integer hundredths of a penny ('centipence'), and a call's cost is
 * worked out in those and rounded up to whole pence once, at the end. No floating point touches an
 * amount: pounds given as numbers (an API body's 12.5) are read through their decimal text.
 */

const DECIMAL = /^(-?)(\d{1,13})(?:\.(\d{1,20}))?$/;

/** Integer units of 10^-`places` from decimal text, rounded half away from zero; null when not a decimal. */
function scaled(value: number | string, places: number): number | null {
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : value.trim();
  const m = DECIMAL.exec(text);
  if (!m) return null;
  const fraction = (m[3] ?? '').padEnd(places + 1, '0');
  const whole = Number(m[2]) * 10 ** places + Number(fraction.slice(0, places) || '0');
  const roundsUp = Number(fraction[places]) >= 5;
  const units = whole + (roundsUp ? 1 : 0);
  return m[1] === '-' && units !== 0 ? -units : units;
}

/** Pounds (12.5, '12.50', '-3.1') as integer pence, exactly; a third decimal rounds half away from zero. */
export function pence(pounds: number | string): number {
  const result = scaled(pounds, 2);
  if (result === null) throw new RangeError(`Not an amount of pounds: '${pounds}'`);
  return result;
}

/** Integer pence as pounds with two decimals ('12.50', '-0.05'): the API's and a CSV's form (no £, no separators). */
export function pounds(amountPence: number): string {
  if (!Number.isSafeInteger(amountPence)) throw new RangeError(`Not a whole number of pence: ${amountPence}`);
  const sign = amountPence < 0 ? '-' : '';
  const abs = Math.abs(amountPence);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** A rate in hundredths of a penny: 1.25p a minute is 125. */
export type Centipence = number;

/** Pence with decimals ('1.25', 0.4) as hundredths of a penny, exactly. */
export function centipence(pence: number | string): Centipence {
  const result = scaled(pence, 2);
  if (result === null || result < 0) throw new RangeError(`Not a rate in pence: '${pence}'`);
  return result;
}

/** A tariff's rates for one destination and time band, in hundredths of a penny. */
export interface CallRate {
  perMinute: Centipence;
  /** Charged once per answered call. */
  connection: Centipence;
  /** The least a call costs, in whole pence. */
  minimumPence: number;
}

/**
 * What an answered call of `seconds` costs in whole pence: the connection charge plus the per-minute
 * rate for each second (per-second billing), rounded up to a whole penny once, and never less than
 * the minimum. A call of no seconds (unanswered) costs nothing.
 */
export function callCharge(rate: CallRate, seconds: number): number {
  if (!Number.isSafeInteger(seconds) || seconds < 0) throw new RangeError(`Not a call duration: ${seconds}`);
  if (seconds === 0) return 0;
  const centi = rate.connection + Math.ceil((rate.perMinute * seconds) / 60);
  return Math.max(Math.ceil(centi / 100), rate.minimumPence);
}
