/**
 * An IVR: the greeting plays and the caller chooses. Every key with a destination, the timeout and
 * an invalid key are alternatives; a key given with the call (call.keys) is followed on the path.
 * An invalid key (one with no destination) plays the invalid-choice prompt and the menu starts again.
 */
import { DEFAULT_PROMPT, IVR_KEYS, NO_PROMPT } from '../features/ivrs.ts';
import type { EstateIvr } from './estate.ts';
import { type AlternativeVisit, destinationTarget, goesTo, type Visit, type Walk } from './visit.ts';
import { listWords, promptWords } from './words.ts';

const keyWords = (key: string) => (key === 'Timeout' ? 'the timeout' : `key ${key}`);

function invalidPromptWords(w: Walk, ivr: EstateIvr): string {
  if (ivr.invalidPrompt === NO_PROMPT) return 'nothing plays';
  if (ivr.invalidPrompt === DEFAULT_PROMPT) return 'the default invalid-choice prompt plays';
  return `the invalid-choice prompt ${promptWords(w.index, ivr.invalidPrompt)} plays`;
}

function alternatives(w: Walk, ivr: EstateIvr): AlternativeVisit[] {
  const out: AlternativeVisit[] = [];
  for (const { key, field } of IVR_KEYS) {
    if (key === 'Timeout' || ivr[field] === '') continue;
    const target = destinationTarget(ivr[field]);
    out.push({ condition: 'key', key, text: `Key ${key}${goesTo(w.index, target, '')}`, target });
  }
  const timeout = destinationTarget(ivr.optionTimeout);
  out.push({
    condition: 'timeout',
    text: `If the caller presses no key${goesTo(w.index, timeout, ': the call ends (no timeout destination is set)')}`,
    target: timeout,
  });
  const unset = IVR_KEYS.filter((k) => k.key !== 'Timeout' && ivr[k.field] === '').map((k) => k.key);
  if (unset.length > 0) {
    out.push({
      condition: 'invalid',
      text: `If the caller presses a key with no destination (${listWords(unset)}): ${invalidPromptWords(w, ivr)} and the menu starts again`,
      target: null,
    });
  }
  return out;
}

export function ivrVisit(w: Walk, ivr: EstateIvr, keys: readonly string[]): Visit {
  const greeting =
    ivr.greetingId > 0 ? `the greeting ${promptWords(w.index, ivr.greetingId)} plays` : 'no greeting plays';
  const set = IVR_KEYS.filter((k) => k.key !== 'Timeout' && ivr[k.field] !== '').map((k) => k.key);
  const data = { greetingId: ivr.greetingId, keysSet: set };
  const alts = alternatives(w, ivr);
  const name = ivr.description ? `IVR ${ivr.name} '${ivr.description}'` : `IVR ${ivr.name}`;
  const pressed = keys[0];
  const option = IVR_KEYS.find((k) => k.key === pressed);
  if (pressed === undefined || !option) {
    const choose = set.length > 0 ? `the caller chooses: ${listWords(set.map(keyWords))}` : 'no key has a destination';
    return { kind: 'ivr', text: `${name}: ${greeting}; ${choose}`, data, onward: null, alternatives: alts };
  }
  const target = destinationTarget(ivr[option.field]);
  if (target === null && pressed === 'Timeout') {
    const text = `${name}: ${greeting}; the caller presses no key: the call ends (no timeout destination is set)`;
    return { kind: 'ivrKey', text, data: { ...data, key: pressed }, onward: null, alternatives: alts };
  }
  if (target === null) {
    return {
      kind: 'ivrInvalid',
      text: `The caller presses ${keyWords(pressed)}, which has no destination: ${invalidPromptWords(w, ivr)} and the menu starts again`,
      data: { ...data, key: pressed },
      onward: `ivr:${ivr.name}`,
      replay: true,
      keys: keys.slice(1),
      alternatives: alts,
    };
  }
  return {
    kind: 'ivrKey',
    text: `${name}: ${greeting}; the caller presses ${keyWords(pressed)}${goesTo(w.index, target, '')}`,
    data: { ...data, key: pressed },
    onward: target,
    keys: keys.slice(1),
    // The key pressed is the path; the other choices stay alternatives.
    alternatives: alts.filter(
      (a) =>
        a.condition !== (pressed === 'Timeout' ? 'timeout' : 'key') ||
        a.key !== (pressed === 'Timeout' ? undefined : pressed),
    ),
  };
}
