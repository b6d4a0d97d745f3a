/**
 * A call queue: the caller waits while its members (the agents logged in with 120*{queue}) are
 * rung by its strategy, lower penalties first. A queue with no members and Join Empty off sends
 * the call to its empty-queue destination; after the exit time (GMT, when set) calls go to the
 * fallover. While waiting: no member logged in (Join Empty off), the queue full, the maximum wait
 * and the exit time are alternatives.
 */
import { QUEUE_STRATEGIES } from '../features/call-queues.ts';
import { minutesToTime, timeToMinutes } from '../time-of-day.ts';
import type { EstateQueue } from './estate.ts';
import { refOf } from './refs.ts';
import { type AlternativeVisit, destinationTarget, goesTo, say, type Visit, type Walk } from './visit.ts';
import { dayAndTime, duration, listWords, promptWords } from './words.ts';

/** How each strategy rings its members ('of' the members in words). */
const STRATEGY_WORDS: Record<string, (of: string) => string> = {
  ringall: (of) => `rings ${of} all at once`,
  leastrecent: (of) => `rings whichever of ${of} least recently took a call`,
  fewestcalls: (of) => `rings whichever of ${of} has taken the fewest calls`,
  random: (of) => `rings one of ${of} at random`,
  roundrobin: (of) => `rings ${of} in turn`,
  rrmemory: (of) => `rings ${of} in turn, starting after the one who took the last call`,
  linear: (of) => `rings ${of} in the listed order, from the first each time`,
};

const NO_FALLOVER = ': the call ends (no fallover destination is set)';

/** '18:00 GMT', with the UK time beside it in summer time. */
function exitWords(w: Walk, exitTime: string): string {
  const offset = (w.clock.minutes - w.gmtMinutes + 1440) % 1440;
  return offset === 0
    ? `${exitTime} GMT`
    : `${exitTime} GMT (${minutesToTime(timeToMinutes(exitTime) + offset)} UK time)`;
}

function waiting(w: Walk, q: EstateQueue): AlternativeVisit[] {
  const fallover = destinationTarget(q.falloverLocation);
  const empty = destinationTarget(q.falloverLocationEmpty);
  const then = () => goesTo(w.index, fallover, NO_FALLOVER);
  const full = () =>
    q.queueFullMessageId > 0 ? `, after the queue-full message ${promptWords(w.index, q.queueFullMessageId)},` : '';
  const out: AlternativeVisit[] = [];
  if (!q.joinEmpty) {
    out.push({
      condition: 'empty',
      text: say(
        w,
        () =>
          `If no member is logged in (Join Empty is off)${goesTo(w.index, empty, ': the call ends (no empty-queue destination is set)')}`,
      ),
      target: empty,
    });
  }
  out.push({
    condition: 'full',
    text: say(w, () => `If ${q.maxLength} callers are already waiting, the queue is full${full()}${then()}`),
    target: fallover,
  });
  if (q.queueTime > 0) {
    out.push({
      condition: 'maxWait',
      text: say(w, () => `If no member answers within ${duration(q.queueTime)}${then()}`),
      target: fallover,
    });
  }
  if (q.exitSwitch) {
    const text = say(w, () => `If still waiting at ${exitWords(w, q.exitTime)}${then()}`);
    out.push({ condition: 'exit', text, target: fallover });
  }
  return out;
}

export function queueVisit(w: Walk, q: EstateQueue): Visit {
  const name = `Queue ${q.displayName} '${q.customName}'`;
  const members = q.members.map((m) => m.memberName);
  const strategy = QUEUE_STRATEGIES.find((s) => s.value === q.strategy)?.label ?? q.strategy;
  const data = {
    strategy,
    members,
    maxWait: q.queueTime,
    maxLength: q.maxLength,
    exitTime: q.exitSwitch ? q.exitTime : null,
    fallover: q.falloverLocation,
    emptyFallover: q.falloverLocationEmpty,
  };
  if (q.exitSwitch && w.gmtMinutes >= timeToMinutes(q.exitTime)) {
    const fallover = destinationTarget(q.falloverLocation);
    return {
      kind: 'queueClosed',
      text: say(
        w,
        () =>
          `${dayAndTime(w.clock)} is after the exit time of ${name} (${exitWords(w, q.exitTime)})${goesTo(w.index, fallover, NO_FALLOVER)}`,
      ),
      data,
      onward: fallover,
      alternatives: [],
    };
  }
  if (members.length === 0 && !q.joinEmpty) {
    const empty = destinationTarget(q.falloverLocationEmpty);
    return {
      kind: 'queueEmpty',
      text: say(
        w,
        () =>
          `${name} has no members and Join Empty is off${goesTo(w.index, empty, ': the call ends (no empty-queue destination is set)')}`,
      ),
      data,
      onward: empty,
      alternatives: [],
    };
  }
  const who = () =>
    members.length === 0
      ? 'no member can answer (the queue has none)'
      : `${(STRATEGY_WORDS[q.strategy] ?? STRATEGY_WORDS.ringall)?.(
          listWords(
            q.members.map(
              (m) => `${refOf(w.index, m.memberName).phrase}${m.penalty > 0 ? ` (penalty ${m.penalty})` : ''}`,
            ),
          ),
        )} (${strategy}), each for ${duration(q.timeout)}${q.members.some((m) => m.penalty > 0) ? '; lower penalties first' : ''}`;
  const welcome = () => (q.welcomeId > 0 ? `the welcome prompt ${promptWords(w.index, q.welcomeId)} plays, then ` : '');
  return {
    kind: 'queue',
    text: say(w, () => `${name}: ${welcome()}the caller waits while it ${who()}`),
    data,
    onward: null,
    alternatives: waiting(w, q),
  };
}
