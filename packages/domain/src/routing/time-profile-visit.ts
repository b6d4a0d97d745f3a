/** A time profile in the trace: the decision (time-profile.ts) and where its side sends the call. */
import type { EstateTimeProfile } from './estate.ts';
import { timeProfileDecision } from './time-profile.ts';
import { destinationTarget, goesTo, type Visit, type Walk } from './visit.ts';
import { promptWords } from './words.ts';

export function timeProfileVisit(w: Walk, p: EstateTimeProfile): Visit {
  const d = timeProfileDecision(p, p.calendars, w.clock);
  const target = destinationTarget(d.destination);
  const side = d.entry ? 'its destination' : d.open ? 'the open destination' : 'the closed destination';
  const prompt = d.promptId
    ? `, after the ${d.open ? 'open' : 'closed'} prompt ${promptWords(w.index, d.promptId)}`
    : '';
  const otherwise = `: ${side} is not set, so the call ends`;
  return {
    kind: 'timeProfile',
    text: `${d.why}${target === null ? otherwise : `${goesTo(w.index, target, '').replace('→', `→ ${side}`)}${prompt}`}`,
    data: {
      open: d.open,
      reason: d.reason,
      detail: d.detail,
      destination: d.destination,
      calendarEntry: d.entry?.description ?? null,
      bankHoliday: d.holiday?.name ?? null,
    },
    onward: target,
    alternatives: [],
  };
}
