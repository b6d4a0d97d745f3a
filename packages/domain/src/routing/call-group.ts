/**
 * A call group: Ring All rings every member whose days and hours hold the instant, each after its
 * delay, for the group's ring time; Round Robin rings them one at a time, in turn. Nobody answering
 * is the fallover; no member ringing at the instant goes to the fallover at once.
 */
import { RING_TYPES } from '../features/call-groups.ts';
import { DAYS, timeToMinutes } from '../time-of-day.ts';
import type { EstateCallGroup, EstateGroupMember } from './estate.ts';
import { refOf } from './refs.ts';
import { destinationTarget, goesTo, type Visit, type Walk } from './visit.ts';
import { dayAndTime, duration, listWords } from './words.ts';

const RING_ALL = 1;

/** Whether a member rings at the instant, and how the sentence says it. */
function memberAt(w: Walk, g: EstateCallGroup, m: EstateGroupMember): { rings: boolean; words: string } {
  const ref = refOf(w.index, m.name);
  if (ref.object.type === 'missing') return { rings: false, words: ref.phrase };
  const day = DAYS[w.clock.weekday] ?? 'monday';
  if (!m.days[day]) return { rings: false, words: `${ref.phrase} (not on ${day[0]?.toUpperCase()}${day.slice(1)}s)` };
  const end = m.end === '23:59' ? 1440 : timeToMinutes(m.end);
  if (w.clock.minutes < timeToMinutes(m.start) || w.clock.minutes >= end) {
    return { rings: false, words: `${ref.phrase} (rings ${m.start}–${m.end} only)` };
  }
  if (g.ringType === RING_ALL && m.penalty >= g.ringTime) {
    return {
      rings: false,
      words: `${ref.phrase} (its delay of ${m.penalty} seconds is not shorter than the ring time)`,
    };
  }
  const seat = ref.object.type === 'seat' ? w.index.seat.get(m.name.slice(5)) : undefined;
  const divert = !g.ignoreCfwd && seat?.cfwdAll ? `, which diverts all calls to ${seat.cfwdAll}` : '';
  const delay = g.ringType === RING_ALL && m.penalty > 0 ? ` (after ${m.penalty} seconds)` : '';
  return { rings: true, words: `${ref.phrase}${delay}${divert}` };
}

export function callGroupVisit(w: Walk, g: EstateCallGroup): Visit {
  const members = g.members.map((m) => ({ value: m.name, ...memberAt(w, g, m) }));
  const ringing = members.filter((m) => m.rings);
  const silent = members.filter((m) => !m.rings);
  const fallover = destinationTarget(g.falloverLocation);
  const ringType = RING_TYPES.find((r) => r.value === g.ringType)?.label ?? 'Ring All';
  const data = {
    ringType,
    ringTime: g.ringTime,
    ringing: ringing.map((m) => m.value),
    notRinging: silent.map((m) => m.value),
    fallover: g.falloverLocation,
  };
  const name = `Call group ${g.groupNo} '${g.customName}'`;
  const noFallover = ': the call ends (no fallover destination is set)';
  const silentWords = silent.length > 0 ? `; not ringing: ${listWords(silent.map((m) => m.words))}` : '';
  if (ringing.length === 0) {
    const why =
      g.members.length === 0 ? `${name} has no members` : `No member of ${name} rings on ${dayAndTime(w.clock)}`;
    return {
      kind: 'callGroupNoMember',
      text: `${why}${silentWords}${goesTo(w.index, fallover, noFallover)}`,
      data,
      onward: fallover,
      alternatives: [],
    };
  }
  const how =
    g.ringType === RING_ALL
      ? `rings ${listWords(ringing.map((m) => m.words))} together (Ring All) for ${duration(g.ringTime)}`
      : `rings ${listWords(ringing.map((m) => m.words))} one at a time in turn (Round Robin, starting after the member who answered last), each for ${duration(g.ringTime)}`;
  const unanswered =
    g.ringType === RING_ALL ? `If nobody answers within ${duration(g.ringTime)}` : 'If no member answers in turn';
  return {
    kind: 'callGroup',
    text: `${name} ${how}${silentWords}`,
    data,
    onward: null,
    alternatives: [
      { condition: 'noAnswer', text: `${unanswered}${goesTo(w.index, fallover, noFallover)}`, target: fallover },
    ],
  };
}
