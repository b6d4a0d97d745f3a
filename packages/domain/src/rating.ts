/**
 * The one rating function (issue 27): what a call costs from the rate deck, given the number dialled,
 * its start and its duration. The call-cost look-up, the add-number wizard and the call records all
 * price calls here; the server only reads the deck's candidate rows.
 *
 * - A dialled number is one of spec 3 §5's caller-ID forms (optional 0, then 0 or 44, then 1-9 and
 *   up to 13 digits) and is read as international digits: '00' + code is international, '0' + a UK
 *   number is 44 + the number, '44' / '044' are the UK as they stand.
 * - The deck is keyed by those digits' prefixes ('44' UK, '447' UK mobile, '33' France); the longest
 *   prefix that matches names the destination (`RateDeckIndex`, a map per prefix: a look-up is at
 *   most 15 probes whatever the deck's size).
 * - Time bands, UK time (Europe/London, DST-correct): Monday-Friday 08:00-18:00 on-peak, other weekday
 *   hours off-peak, Saturday and Sunday 08:00-18:00 weekend on-peak, other weekend hours weekend
 *   off-peak. A call crossing a band's edge pays each band's rate for its own seconds.
 * - Charges: the access charge per minute throughout, the band's per-minute rate per second, and
 *   the on-peak connection charge when the call starts on-peak; summed exactly (hundredths of a
 *   penny × seconds) and rounded up to a whole penny once, at the end, never below the minimum. An
 *   unanswered call (0 seconds) costs nothing.
 */
import type { Centipence } from './money.ts';

export type RateBand = 'onPeak' | 'offPeak' | 'weekendOnPeak' | 'weekendOffPeak';

/** A destination's rates (hundredths of a penny: per minute, except the connection and minimum). */
export interface DeckRate {
  prefix: string;
  destination: string;
  access: Centipence;
  onPeak: Centipence;
  onPeakConnection: Centipence;
  offPeak: Centipence;
  weekendOnPeak: Centipence;
  weekendOffPeak: Centipence;
  /** The least a call costs. */
  minimum: Centipence;
}

export const PEAK_START_HOUR = 8;
export const PEAK_END_HOUR = 18;
const UK_TIME_ZONE = 'Europe/London';

const londonParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: UK_TIME_ZONE,
  weekday: 'short',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** UK wall-clock time at `at`: the weekday (0 Sunday) and seconds since midnight. */
export function ukClock(at: Date): { weekday: number; secondOfDay: number } {
  const parts = Object.fromEntries(londonParts.formatToParts(at).map((p) => [p.type, p.value]));
  const weekday = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(parts.weekday ?? '');
  const secondOfDay = Number(parts.hour) * 3600 + Number(parts.minute) * 60 + Number(parts.second);
  return { weekday, secondOfDay };
}

/** The band a call's second at `at` is charged in. */
export function bandAt(at: Date): RateBand {
  const { weekday, secondOfDay } = ukClock(at);
  const peak = secondOfDay >= PEAK_START_HOUR * 3600 && secondOfDay < PEAK_END_HOUR * 3600;
  if (weekday === 0 || weekday === 6) return peak ? 'weekendOnPeak' : 'weekendOffPeak';
  return peak ? 'onPeak' : 'offPeak';
}

/** Seconds from a UK time of day to the next band edge (08:00, 18:00 or midnight). */
function secondsToNextEdge(secondOfDay: number): number {
  const edges = [PEAK_START_HOUR * 3600, PEAK_END_HOUR * 3600, 24 * 3600];
  const next = edges.find((edge) => edge > secondOfDay) ?? 24 * 3600;
  return next - secondOfDay;
}

/**
 * The call's seconds in each band. The walk re-reads the UK clock at least hourly, so a clock change
 * (01:00-02:00, never at a band's edge) moves no edge: a step never spans both a change and an edge.
 */
export function secondsByBand(start: Date, seconds: number): Record<RateBand, number> {
  const spent: Record<RateBand, number> = { onPeak: 0, offPeak: 0, weekendOnPeak: 0, weekendOffPeak: 0 };
  let at = Math.floor(start.getTime() / 1000) * 1000;
  let left = seconds;
  while (left > 0) {
    const clock = ukClock(new Date(at));
    const step = Math.min(left, secondsToNextEdge(clock.secondOfDay), 3600);
    spent[bandAt(new Date(at))] += step;
    at += step * 1000;
    left -= step;
  }
  return spent;
}

/** What a call costs in whole pence (see the file's head for the rules). */
export function rateCall(rate: DeckRate, start: Date, seconds: number): number {
  if (!Number.isSafeInteger(seconds) || seconds < 0) throw new RangeError(`Not a call duration: ${seconds}`);
  if (Number.isNaN(start.getTime())) throw new RangeError('Not a call start');
  if (seconds === 0) return 0;
  const spent = secondsByBand(start, seconds);
  // Hundredths of a penny × seconds: exact integers until the one rounding.
  let sixtieths = rate.access * seconds;
  for (const band of Object.keys(spent) as RateBand[]) sixtieths += rate[band] * spent[band];
  if (bandAt(start) === 'onPeak') sixtieths += rate.onPeakConnection * 60;
  const total = Math.max(sixtieths, rate.minimum * 60);
  return Math.ceil(total / 6000);
}

/**
 * A number as dialled (spec 3 §5's caller-ID pattern) as international digits, or null when it is
 * not one: '00' + code → code…; '044…' / '44…' → 44…; '0' + a UK number → 44 + the number.
 */
export function dialledDigits(number: string): string | null {
  if (!/^0?(0|44)[1-9]\d{0,13}$/.test(number)) return null;
  if (number.startsWith('00')) return number.slice(2);
  if (number.startsWith('044')) return number.slice(1);
  if (number.startsWith('44')) return number;
  return `44${number.slice(1)}`;
}

/** Every prefix of `digits`, the longest first: the only keys a look-up needs. */
export function prefixesOf(digits: string): string[] {
  const out: string[] = [];
  for (let n = digits.length; n >= 1; n--) out.push(digits.slice(0, n));
  return out;
}

/** A deck (or its candidate rows) indexed by prefix: the longest matching prefix in ≤ 15 probes. */
export class RateDeckIndex<R extends { prefix: string } = DeckRate> {
  readonly #byPrefix = new Map<string, R>();
  constructor(rates: Iterable<R>) {
    for (const rate of rates) this.#byPrefix.set(rate.prefix, rate);
  }
  /** The rate of the longest prefix of `digits` in the deck, or null. */
  match(digits: string): R | null {
    for (const prefix of prefixesOf(digits)) {
      const rate = this.#byPrefix.get(prefix);
      if (rate) return rate;
    }
    return null;
  }
}

/** A call priced from the deck: its destination's rate and cost, or null when the deck has no rate for it. */
export function priceCall(
  deck: RateDeckIndex,
  call: { number: string; start: Date; seconds: number },
): { rate: DeckRate; costPence: number } | null {
  const digits = dialledDigits(call.number);
  const rate = digits === null ? null : deck.match(digits);
  return rate ? { rate, costPence: rateCall(rate, call.start, call.seconds) } : null;
}

/**
 * SMS (issue 28): a text is priced per message part, by the destination's longest prefix in the same
 * deck as calls (a provider's SMS price list is per destination network: UK mobiles one rate, each
 * country its own), `sms` hundredths of a penny per part; a prefix without an SMS rate (a UK
 * landline, a freephone range) takes no texts. The whole message is rounded up to a penny once.
 *
 * Parts as a gateway counts them: a text in the GSM 03.38 alphabet is one part up to 160 characters
 * (an extension character, one of ^ { } \\ [ ~ ] | €, counts two), else parts of 153; any other character makes
 * the text UCS-2: one part up to 70, else parts of 67 (a character outside the BMP counts two).
 */
export interface SmsRate {
  prefix: string;
  destination: string;
  /** Hundredths of a penny per message part; null: the destination takes no texts. */
  sms: Centipence | null;
}

const GSM_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM_EXTENSION = '^{}\\[~]|€\f';

/** How a gateway encodes `message` and how many parts it sends. */
export function smsParts(message: string): { encoding: 'GSM-7' | 'UCS-2'; units: number; parts: number } {
  let septets = 0;
  for (const ch of message) {
    if (GSM_BASIC.includes(ch)) septets += 1;
    else if (GSM_EXTENSION.includes(ch)) septets += 2;
    else {
      // UCS-2: code units (a character outside the BMP is a surrogate pair).
      const units = message.length;
      return { encoding: 'UCS-2', units, parts: units <= 70 ? 1 : Math.ceil(units / 67) };
    }
  }
  return { encoding: 'GSM-7', units: septets, parts: septets <= 160 ? 1 : Math.ceil(septets / 153) };
}

/** A destination as a gateway takes it ('+447700900123', '07700900123', '00336…') as international digits, or null. */
export function smsDigits(to: string): string | null {
  return dialledDigits(to.startsWith('+') ? `00${to.slice(1)}` : to);
}

/** What one text of `message` to a destination of `rate` costs, in whole pence (its parts × the rate, rounded up once). */
export function rateSms(rate: SmsRate & { sms: Centipence }, message: string): number {
  const { parts } = smsParts(message);
  return Math.ceil((parts * rate.sms) / 100);
}

/** A text to `to` priced from the deck's SMS rates: its rate, parts and cost, or null when no SMS rate covers it. */
export function priceSms(
  deck: RateDeckIndex<SmsRate>,
  text: { to: string; message: string },
): { rate: SmsRate; parts: number; costPence: number } | null {
  const digits = smsDigits(text.to);
  // The destination is the longest prefix's, whether or not it takes texts (a landline's does not).
  const rate = digits === null ? null : deck.match(digits);
  if (rate?.sms === null || rate?.sms === undefined) return null;
  const priced = { ...rate, sms: rate.sms };
  return { rate: priced, parts: smsParts(text.message).parts, costPence: rateSms(priced, text.message) };
}
