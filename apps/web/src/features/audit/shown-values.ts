/**
 * The values of an audit entry's changes as the panel shows them elsewhere: Yes / No, a destination
 * by the destination picker's name ('300 - Office hours'), days by their names, a day's hours as
 * '09:00–17:30' or 'Closed' — never JSON, never a stored value such as 'timeprofile:300'.
 */
import {
  CONFERENCING_DESTINATION,
  DAY_LABELS,
  DAYS,
  type Day,
  DESTINATION_TYPE_LABELS,
  parseDestination,
} from '@switchboard/domain';

/** The names of the destinations an entry holds (the server's `labels`). */
export type Labels = Readonly<Record<string, string>>;

const NOTHING = '—';

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** Keyed by days of the week ('monday' ...), as day schedules and members' days are. */
const isDayMap = (value: unknown): value is Partial<Record<Day, unknown>> =>
  isObject(value) && Object.keys(value).length > 0 && Object.keys(value).every((k) => DAYS.includes(k as Day));

/** A day's opening hours (a time profile's day). */
const isSchedule = (value: unknown): value is { enabled: boolean; start: string; end: string } =>
  isObject(value) &&
  typeof value.enabled === 'boolean' &&
  typeof value.start === 'string' &&
  typeof value.end === 'string';

/** A destination value's name: the picker's when the server named it, else its type and key. */
function destinationName(value: string, labels: Labels): string | undefined {
  if (labels[value] !== undefined) return labels[value];
  if (value === CONFERENCING_DESTINATION) return 'Conferencing';
  const parsed = parseDestination(value);
  return parsed && /^[\w.+-]+$/.test(parsed.key) ? `${DESTINATION_TYPE_LABELS[parsed.type]} ${parsed.key}` : undefined;
}

function dayMapText(days: Partial<Record<Day, unknown>>, labels: Labels): string {
  const present = DAYS.filter((d) => d in days);
  // Which days (a member's days): the days that are on.
  if (present.every((d) => typeof days[d] === 'boolean')) {
    const on = present.filter((d) => days[d] === true).map((d) => DAY_LABELS[d]);
    return on.length > 0 ? on.join(', ') : 'None';
  }
  return present.map((d) => `${DAY_LABELS[d]}: ${shownValue(days[d], labels)}`).join(', ');
}

/** One value as the panel shows it. */
export function shownValue(value: unknown, labels: Labels = {}): string {
  if (value === null || value === undefined || value === '') return NOTHING;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string') return destinationName(value, labels) ?? value;
  if (Array.isArray(value)) return value.length === 0 ? 'None' : value.map((v) => shownValue(v, labels)).join(', ');
  if (isSchedule(value)) return value.enabled ? `${value.start}–${value.end}` : 'Closed';
  if (isDayMap(value)) return dayMapText(value, labels);
  if (isObject(value)) {
    return Object.entries(value)
      .map(([key, v]) => `${key}: ${shownValue(v, labels)}`)
      .join(', ');
  }
  return String(value);
}

/**
 * A change as the log shows it: 'before → after' (only the new value for a create). A change between
 * two sets of days (a week of opening hours) names only the days that changed: 'Saturday: Closed →
 * 09:00–12:30'.
 */
export function changeText(change: { from: unknown; to: unknown }, labels: Labels, created: boolean): string {
  const { from, to } = change;
  if (created) return shownValue(to, labels);
  // Days that hold more than on / off (opening hours): only the days that changed.
  const perDay = isDayMap(from) && isDayMap(to) && [from, to].some((days) => Object.values(days).some(isObject));
  if (perDay) {
    return DAYS.filter((d) => JSON.stringify(from[d]) !== JSON.stringify(to[d]))
      .map((d) => `${DAY_LABELS[d]}: ${shownValue(from[d], labels)} → ${shownValue(to[d], labels)}`)
      .join('; ');
  }
  return `${shownValue(from, labels)} → ${shownValue(to, labels)}`;
}

/** Initialisms people write in capitals ('cli' → 'CLI'), wherever they are in a field's name. */
const INITIALISMS = new Set([
  'id',
  'cli',
  'clis',
  'ip',
  'sip',
  'ddi',
  'ivr',
  'nts',
  'pin',
  'url',
  'ems',
  'vat',
  'sms',
  'dnd',
  'ldap',
  'qr',
  'mac',
  'crm',
  'uk',
  'csv',
]);

/** Shortened words written out ('mobileNo' → 'Mobile number'). */
const ABBREVIATED: Readonly<Record<string, string>> = {
  no: 'number',
  num: 'number',
  desc: 'description',
  ext: 'extension',
};

const isUpper = (c: string | undefined) => c !== undefined && c >= 'A' && c <= 'Z';
const isLower = (c: string | undefined) => c !== undefined && ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'));

/** 'outboundCLIList_name' → ['outbound', 'CLI', 'List', 'name']: one pass, no backtracking. */
function camelWords(key: string): string[] {
  const words: string[] = [];
  let word = '';
  for (let i = 0; i < key.length; i++) {
    const [prev, c, next] = [key[i - 1], key[i] ?? '', key[i + 1]];
    if (c === '_' || c === '-' || c === ' ') {
      if (word) words.push(word);
      word = '';
      continue;
    }
    // A capital starts a word after a small letter, or ends a run of capitals before a small one.
    if (word && isUpper(c) && (isLower(prev) || (isUpper(prev) && isLower(next)))) {
      words.push(word);
      word = '';
    }
    word += c;
  }
  if (word) words.push(word);
  return words;
}

/**
 * A changed field's name as people read it: 'optionTimeout' → 'Option timeout', 'ring_all' → 'Ring
 * all', 'callerCli' → 'Caller CLI' — never the stored key.
 */
export function fieldName(key: string): string {
  const words = camelWords(key).map((w) =>
    INITIALISMS.has(w.toLowerCase()) ? w.toUpperCase() : (ABBREVIATED[w.toLowerCase()] ?? w.toLowerCase()),
  );
  const [first = key, ...rest] = words;
  return [first.charAt(0).toUpperCase() + first.slice(1), ...rest].join(' ');
}
