/**
 * A seat and its voicemail. Divert All sends every call to its number at once; otherwise the seat
 * rings (with its user's softphones too when twinned) for its ring time, and busy, do-not-disturb
 * (treated as busy), no answer and unregistered are alternatives: each goes to its divert when one
 * is set, else to the voicemail when it is on, else the call ends as the condition says.
 * Voicemail: basic takes a message; advanced plays its prompt, then goes to its destination (or
 * takes a message when none is set).
 */
import type { EstateSeat } from './estate.ts';
import { refOf } from './refs.ts';
import type { Condition } from './steps.ts';
import {
  type AlternativeVisit,
  destinationTarget,
  goesTo,
  type Target,
  telTarget,
  type Visit,
  type Walk,
} from './visit.ts';
import { duration, promptWords } from './words.ts';

const CONDITIONS: Array<{ condition: Condition; divert: keyof EstateSeat; when: (s: string) => string; ends: string }> =
  [
    { condition: 'busy', divert: 'cfwdBusy', when: (s) => `If ${s} is busy`, ends: 'the caller hears the busy tone' },
    {
      condition: 'dnd',
      divert: 'cfwdBusy',
      when: (s) => `If ${s} is set to do-not-disturb (treated as busy)`,
      ends: 'the caller hears the busy tone',
    },
    {
      condition: 'noAnswer',
      divert: 'cfwdNoAnswer',
      when: (s) => `If ${s} does not answer within its ring time`,
      ends: 'it rings until the caller hangs up',
    },
    {
      condition: 'unregistered',
      divert: 'cfwdUnavail',
      when: (s) => `If no phone of ${s} is registered`,
      ends: 'the caller hears that the number is unavailable',
    },
  ];

function alternative(w: Walk, s: EstateSeat, c: (typeof CONDITIONS)[number], phrase: string): AlternativeVisit {
  const divert = String(s[c.divert]);
  const target: Target | null = divert ? telTarget(divert) : s.vmMode > 0 ? `voicemail:${s.extension}` : null;
  const how = divert ? `, it diverts to ${divert}` : s.vmMode > 0 ? ', the voicemail answers' : '';
  return { condition: c.condition, text: `${c.when(phrase)}${how}${goesTo(w.index, target, `: ${c.ends}`)}`, target };
}

export function seatVisit(w: Walk, s: EstateSeat): Visit {
  const phrase = refOf(w.index, `seat:${s.extension}`).phrase;
  const data = {
    divertAll: s.cfwdAll,
    divertBusy: s.cfwdBusy,
    divertNoAnswer: s.cfwdNoAnswer,
    divertUnavailable: s.cfwdUnavail,
    voicemail: s.vmMode,
    twinned: s.userId !== null,
  };
  if (s.cfwdAll) {
    const target = telTarget(s.cfwdAll);
    return {
      kind: 'seatDivertAll',
      text: `${phrase[0]?.toUpperCase()}${phrase.slice(1)} diverts all calls${goesTo(w.index, target, '')}`,
      data,
      onward: target,
      alternatives: [],
    };
  }
  const phones = s.userId !== null ? 'its desk phone and its user’s softphones (twinned)' : 'its phone';
  return {
    kind: 'seat',
    text: `${phrase[0]?.toUpperCase()}${phrase.slice(1)} rings ${phones} for ${duration(s.ringTime)}`,
    data,
    onward: null,
    alternatives: CONDITIONS.map((c) => alternative(w, s, c, phrase)),
  };
}

export function voicemailVisit(w: Walk, s: EstateSeat): Visit {
  const phrase = refOf(w.index, `seat:${s.extension}`).phrase;
  const email = s.vmEmail ? `, sent by email to ${s.vmEmail}` : '';
  const data = {
    mode: s.vmMode === 2 ? 'advanced' : 'basic',
    promptId: s.vmAdvancedPromptId,
    destination: s.vmAdvancedDest,
  };
  if (s.vmMode !== 2) {
    return {
      kind: 'voicemail',
      text: `The caller leaves a message in the mailbox of ${phrase}${email}`,
      data,
      onward: null,
      alternatives: [],
    };
  }
  const prompt = s.vmAdvancedPromptId
    ? `the prompt ${promptWords(w.index, s.vmAdvancedPromptId)} plays`
    : 'no prompt is set';
  const target = destinationTarget(s.vmAdvancedDest);
  return {
    kind: 'voicemailAdvanced',
    text: `Advanced voicemail of ${phrase}: ${prompt}, then${target === null ? ` the caller leaves a message${email}` : goesTo(w.index, target, '')}`,
    data,
    onward: target,
    alternatives: [],
  };
}
