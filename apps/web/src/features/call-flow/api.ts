/**
 * Call flow on the web: the trace call, what can be traced (the account's numbers, then every
 * destination, searched and paged on the server) and the instants offered as quick picks.
 */
import {
  bankHolidays,
  type CallFlowTraceBody,
  callFlowRoutes,
  destinationRoutes,
  londonClock,
  londonInstant,
  type RoutingObject,
  routingObjectPage,
  telephoneNumberRoutes,
} from '@switchboard/domain';
import { call } from '../../platform/client.ts';
import { toPickerOption } from '../../platform/fields/destination-source.tsx';
import type { PickerOption, PickerSource } from '../../platform/fields/server-picker.tsx';

export const trace = (body: CallFlowTraceBody) => call(callFlowRoutes.trace, { body });

const PAGE = 20;
/** The most numbers a search offers before the destinations (a longer search narrows them). */
const NUMBERS_MAX = 50;

const numbersFound = async (search: string): Promise<PickerOption[]> => {
  const page = await call(telephoneNumberRoutes.callerIdsPage, {
    params: { offset: 0, limit: NUMBERS_MAX },
    body: search ? { search } : {},
  });
  return page.records.map((n) => ({ value: n.number, label: `${n.number} (${n.name})`, group: 'Telephone Number' }));
};

const destinationsPage = async (q: string, offset: number, limit: number) =>
  call(destinationRoutes.search, { query: { ...(q ? { q } : {}), offset, limit } });

/** The account's numbers first, then its destinations, as one picker's pages. */
export const traceableSource: PickerSource = {
  key: ['call-flow', 'traceable'],
  page: async (search, offset) => {
    const numbers = await numbersFound(search);
    const own = numbers.slice(offset, offset + PAGE);
    const want = PAGE - own.length;
    if (want === 0) return { options: own, more: true };
    const page = await destinationsPage(search, Math.max(0, offset - numbers.length), want);
    return { options: [...own, ...page.records.map(toPickerOption)], more: !page.lastPage };
  },
  labels: async (values) => {
    const destinations = values.filter((v) => !/^\+?\d+$/.test(v));
    const labels = destinations.length
      ? (await call(destinationRoutes.labels, { query: { ids: destinations.join(',') } })).records.map(toPickerOption)
      : [];
    const numbers = (await Promise.all(values.filter((v) => /^\+?\d+$/.test(v)).map(numbersFound))).flat();
    return [...labels, ...numbers.filter((n) => values.includes(n.value))];
  },
};

const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The instants offered beside the date and time: now, tonight 20:00, Saturday 10:00, the next bank holiday. */
export function quickPicks(now: Date): Array<{ label: string; key: string }> {
  const today = londonClock(now);
  const saturday = addDays(today.date, (5 - today.weekday + 7) % 7 || (today.minutes < 600 ? 0 : 7));
  const year = Number(today.date.slice(0, 4));
  const holiday = [...bankHolidays(year, 1), ...bankHolidays(year + 1, 1)].find((h) => h.date > today.date);
  return [
    { label: 'Now', key: today.key },
    { label: 'Tonight 20:00', key: `${today.date} 20:00` },
    { label: 'Saturday 10:00', key: `${saturday} 10:00` },
    ...(holiday ? [{ label: `Next bank holiday (${holiday.name})`, key: `${holiday.date} 10:00` }] : []),
  ];
}

/** The instant of the date and time fields ('YYYY-MM-DDTHH:mm', UK time), or null when it is none. */
export function instantOf(local: string): Date | null {
  const at = londonInstant(local.replace('T', ' '));
  return Number.isNaN(at.getTime()) ? null : at;
}

/** The page of a step's object, when it has one. */
export const pageOf = (object: RoutingObject): string | null => routingObjectPage(object);
