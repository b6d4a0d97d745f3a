/**
 * The objects where a call arrives or ends: a number (its screening, then its destination), an NTS
 * destination, a conference room, the conferencing access, a SIP trunk (its failover when no
 * registration), a number outside the network, and a destination that is not there.
 */
import { ACL_MODE_OPTIONS } from '../features/telephone-numbers.ts';
import {
  type EstateConference,
  type EstateNts,
  type EstateNumber,
  type EstateTrunk,
  nationalNumber,
} from './estate.ts';
import { numberRef, type Ref } from './refs.ts';
import { type AlternativeVisit, destinationTarget, goesTo, type Visit, type Walk } from './visit.ts';
import { promptWords } from './words.ts';

const WITHHELD = new Set(['', 'anonymous', 'withheld', 'private']);
const REJECTED = 'the call is rejected';

/** Whether the number's screening rejects the caller, and why; null when it lets the call through. */
function screening(w: Walk, n: EstateNumber, caller: string): string | null {
  const who = caller.trim().toLowerCase();
  if (n.anonCallReject && WITHHELD.has(who))
    return 'the caller withholds their number and anonymous calls are rejected';
  if (n.anonCallRejectAdvanced && who === 'unavailable')
    return 'the caller’s number is unavailable and such calls are rejected';
  const list = n.telephoneNumberAclId === null ? undefined : w.index.accessList.get(String(n.telephoneNumberAclId));
  if (!list) return null;
  const onList = list.entries.some((e) => nationalNumber(e) === nationalNumber(caller));
  const rejectOnList = n.telephoneNumberAclReject === 1;
  if (rejectOnList && onList) return `${caller} is on the access list '${list.name}', whose callers are rejected`;
  if (!rejectOnList && !onList) return `${caller} is not on the access list '${list.name}', the only callers accepted`;
  return null;
}

/** The screening as alternatives, when the caller is not given. */
function screeningAlternatives(w: Walk, n: EstateNumber): AlternativeVisit[] {
  const out: AlternativeVisit[] = [];
  if (n.anonCallReject) {
    out.push({ condition: 'anonymous', text: `If the caller withholds their number: ${REJECTED}`, target: null });
  }
  if (n.anonCallRejectAdvanced) {
    out.push({ condition: 'unavailable', text: `If the caller’s number is unavailable: ${REJECTED}`, target: null });
  }
  const list = n.telephoneNumberAclId === null ? undefined : w.index.accessList.get(String(n.telephoneNumberAclId));
  if (list) {
    const mode = ACL_MODE_OPTIONS.find((o) => o.value === n.telephoneNumberAclReject)?.label ?? '';
    const when = n.telephoneNumberAclReject === 1 ? 'is on' : 'is not on';
    out.push({
      condition: 'screened',
      text: `If the caller ${when} the access list '${list.name}' (${mode.toLowerCase()}): ${REJECTED}`,
      target: null,
    });
  }
  return out;
}

export function numberVisit(w: Walk, n: EstateNumber): Visit {
  const { phrase } = numberRef(n);
  const data = { destination: n.destination, caller: w.caller ?? null };
  const rejected = w.caller === undefined ? null : screening(w, n, w.caller);
  if (rejected) {
    return { kind: 'numberRejected', text: `${phrase}: ${rejected}`, data, onward: null, alternatives: [] };
  }
  const target = destinationTarget(n.destination);
  const alternatives = w.caller === undefined ? screeningAlternatives(w, n) : [];
  if (target === null) {
    const text = `${phrase} has no destination: callers hear the number-unobtainable tone`;
    return { kind: 'nowhere', text, data, onward: null, alternatives };
  }
  return {
    kind: 'number',
    text: `${phrase} is routed${goesTo(w.index, target, '')}`,
    data,
    onward: target,
    alternatives,
  };
}

export function ntsVisit(w: Walk, n: EstateNts): Visit {
  const prompt = n.answerPromptId ? `; whoever answers first hears ${promptWords(w.index, n.answerPromptId)}` : '';
  return {
    kind: 'nts',
    text: `NTS '${n.name}' forwards the call to ${n.destination}, outside the network${prompt}`,
    data: { number: n.destination, answerPromptId: n.answerPromptId },
    onward: null,
    alternatives: [],
  };
}

export function conferenceVisit(c: EstateConference): Visit {
  const marked = c.waitForMarked ? '; the conference starts when an admin (the marked user) joins' : '';
  return {
    kind: 'conference',
    text: `The caller joins conference room ${c.confNumber}${c.nickname ? ` '${c.nickname}'` : ''} after entering its PIN${marked}`,
    data: { room: c.confNumber, waitForMarked: c.waitForMarked },
    onward: null,
    alternatives: [],
  };
}

export function conferencingVisit(): Visit {
  return {
    kind: 'conferencing',
    text: 'The conferencing access asks the caller for a room number and its PIN',
    data: {},
    onward: null,
    alternatives: [],
  };
}

export function trunkVisit(w: Walk, t: EstateTrunk): Visit {
  const failover = destinationTarget(t.trunkFailOver);
  return {
    kind: 'trunk',
    text: `The call is delivered over SIP trunk '${t.nickname}' to the customer’s own phone system`,
    data: { failover: t.trunkFailOver },
    onward: null,
    alternatives: [
      {
        condition: 'unregistered',
        text: `If the trunk is not registered${goesTo(w.index, failover, ': the call ends (no failover destination is set)')}`,
        target: failover,
      },
    ],
  };
}

export function outsideVisit(ref: Ref): Visit {
  return {
    kind: 'outside',
    text: `The call leaves the network for ${ref.object.value}`,
    data: { number: ref.object.value },
    onward: null,
    alternatives: [],
  };
}

export function missingVisit(ref: Ref): Visit {
  return {
    kind: 'missing',
    text: `The call is sent to ${ref.phrase}: it ends there`,
    data: { value: ref.object.value },
    onward: null,
    alternatives: [],
  };
}
