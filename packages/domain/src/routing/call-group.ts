/**
 * A call group: Ring All rings every member whose days and hours hold the instant, each after its
 * delay, for the group's ring time; Round Robin rings them one at a time, in turn. Nobody answering
 * is the fallover; no member ringing at the instant goes to the fallover at once.
 */
import { RING_TYPES } from '../features/call-groups.ts';
import { DAYS, timeToMinutes } from '../time-of-day.ts';
import type { EstateCallGroup, EstateGroupMember } from './estate.ts';
import { refOf } from './refs.ts';
import { destinationTarget, goesTo, say, type Visit, type Walk } from './visit.ts';
import { dayAndTime, duration, listWords } from './words.ts';

const RING_ALL = 1;

/** Why a member does not ring at the instant: it is missing, off that day, outside its hours, or its delay is too long. */
type Silence = 'missing' | 'day' | 'hours' | 'delay';

/** Why a member does not ring at the instant; null when it rings. */
function silence(w: Walk, g: EstateCallGroup, m: EstateGroupMember): Silence | null {
  if (refOf(w.index, m.name).object.type === 'missing') return 'missing';
  if (!m.days[DAYS[w.clock.weekday] ?? 'monday']) return 'day';
  const end = m.end === '23:59' ? 1440 : timeToMinutes(m.end);
  if (w.clock.minutes < timeToMinutes(m.start) || w.clock.minutes >= end) return 'hours';
  if (g.ringType === RING_ALL && m.penalty >= g.ringTime) return 'delay';
  return null;
}

/** A member as the sentence says it: ringing (`why` null), or why not. */
function memberWords(w: Walk, g: EstateCallGroup, m: EstateGroupMember, why: Silence | null): string {
  const ref = refOf(w.index, m.name);
  const day = DAYS[w.clock.weekday] ?? 'monday';
  switch (why) {
    case 'missing':
      return ref.phrase;
    case 'day':
      return `${ref.phrase} (not on ${day[0]?.toUpperCase()}${day.slice(1)}s)`;
    case 'hours':
      return `${ref.phrase} (rings ${m.start}–${m.end} only)`;
    case 'delay':
      return `${ref.phrase} (its delay of ${m.penalty} seconds is not shorter than the ring time)`;
    case null: {
      const seat = ref.object.type === 'seat' ? w.index.seat.get(m.name.slice(5)) : undefined;
      const divert = !g.ignoreCfwd && seat?.cfwdAll ? `, which diverts all calls to ${seat.cfwdAll}` : '';
      const delay = g.ringType === RING_ALL && m.penalty > 0 ? ` (after ${m.penalty} seconds)` : '';
      return `${ref.phrase}${delay}${divert}`;
    }
  }
}

export function callGroupVisit(w: Walk, g: EstateCallGroup): Visit {
  const ringing: EstateGroupMember[] = [];
  const silent: Array<{ m: EstateGroupMember; why: Silence }> = [];
  for (const m of g.members) {
    const why = silence(w, g, m);
    if (why === null) ringing.push(m);
    else silent.push({ m, why });
  }
  const fallover = destinationTarget(g.falloverLocation);
  const ringType = RING_TYPES.find((r) => r.value === g.ringType)?.label ?? 'Ring All';
  const data = {
    ringType,
    ringTime: g.ringTime,
    ringing: ringing.map((m) => m.name),
    notRinging: silent.map(({ m }) => m.name),
    fallover: g.falloverLocation,
  };
  const name = () => `Call group ${g.groupNo} '${g.customName}'`;
  const noFallover = ': the call ends (no fallover destination is set)';
  const silentWords = () =>
    silent.length > 0 ? `; not ringing: ${listWords(silent.map(({ m, why }) => memberWords(w, g, m, why)))}` : '';
  if (ringing.length === 0) {
    const why = () =>
      g.members.length === 0 ? `${name()} has no members` : `No member of ${name()} rings on ${dayAndTime(w.clock)}`;
    return {
      kind: 'callGroupNoMember',
      text: say(w, () => `${why()}${silentWords()}${goesTo(w.index, fallover, noFallover)}`),
      data,
      onward: fallover,
      alternatives: [],
    };
  }
  const rung = () => listWords(ringing.map((m) => memberWords(w, g, m, null)));
  const how = () =>
    g.ringType === RING_ALL
      ? `rings ${rung()} together (Ring All) for ${duration(g.ringTime)}`
      : `rings ${rung()} one at a time in turn (Round Robin, starting after the member who answered last), each for ${duration(g.ringTime)}`;
  const unanswered = () =>
    g.ringType === RING_ALL ? `If nobody answers within ${duration(g.ringTime)}` : 'If no member answers in turn';
  return {
    kind: 'callGroup',
    text: say(w, () => `${name()} ${how()}${silentWords()}`),
    data,
    onward: null,
    alternatives: [
      {
        condition: 'noAnswer',
        text: say(w, () => `${unanswered()}${goesTo(w.index, fallover, noFallover)}`),
        target: fallover,
      },
    ],
  };
}
