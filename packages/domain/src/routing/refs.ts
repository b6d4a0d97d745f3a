/**
 * A step's object from a destination value, an estate number or an outside number: its reference
 * (type, id, label as the pickers show it, value) and how a sentence names it.
 */
import { CONFERENCE_ACCESS_NUMBER } from '../features/conferencing.ts';
import { CONFERENCING_DESTINATION, parseDestination } from '../features/destinations.ts';
import { seatLabel } from '../features/seats.ts';
import { type EstateNumber, type EstateSeat, type IndexedEstate, lookup, nationalNumber } from './estate.ts';
import type { Ref } from './steps.ts';

export type { Ref };

const labelled = (no: number, name: string) => (name ? `${no} - ${name}` : String(no));
const quoted = (no: number, name: string) => (name ? `${no} '${name}'` : String(no));
const seatPhrase = (s: EstateSeat) => `seat ${quoted(s.extension, s.nickname)}`;

export function numberRef(n: EstateNumber): Ref {
  const name = n.nickname ? `${n.telephoneNumber} (${n.nickname})` : n.telephoneNumber;
  return {
    object: { type: 'number', id: n.id, name, value: n.telephoneNumber },
    phrase: n.nickname ? `${n.telephoneNumber} '${n.nickname}'` : n.telephoneNumber,
  };
}

export function outsideRef(number: string): Ref {
  return {
    object: { type: 'outside', id: null, name: number, value: number },
    phrase: `${number} (outside the network)`,
  };
}

export function missingRef(value: string, why = 'which does not exist'): Ref {
  return { object: { type: 'missing', id: null, name: value, value }, phrase: `'${value}', ${why}` };
}

/** `make()` once per estate and `target` (the same reference each time: never changed). */
export function keptRef(index: IndexedEstate, target: string, make: () => Ref): Ref {
  let ref = index.refs.get(target);
  if (ref === undefined) {
    ref = make();
    Object.freeze(ref.object);
    index.refs.set(target, Object.freeze(ref));
  }
  return ref;
}

/** The reference of a destination value; a value naming nothing of the estate is 'missing'. */
export function refOf(index: IndexedEstate, value: string): Ref {
  return keptRef(index, value, () => valueRef(index, value));
}

function valueRef(index: IndexedEstate, value: string): Ref {
  if (value === CONFERENCING_DESTINATION) {
    return {
      object: { type: 'conferencing', id: null, name: 'Conferencing', value },
      phrase: `the conferencing access (${CONFERENCE_ACCESS_NUMBER})`,
    };
  }
  const parsed = parseDestination(value);
  const found = parsed ? lookup(index, parsed.type, parsed.key) : undefined;
  if (!parsed || !found) return missingRef(value);
  const ref = (name: string, phrase: string): Ref => ({
    object: { type: parsed.type, id: found.id, name, value },
    phrase,
  });
  switch (parsed.type) {
    case 'seat': {
      const s = found as EstateSeat;
      return ref(seatLabel(s), seatPhrase(s));
    }
    case 'voicemail': {
      const s = found as EstateSeat;
      if (s.vmMode === 0) return missingRef(value, `as the voicemail of ${seatPhrase(s)} is disabled`);
      return ref(`Voicemail ${seatLabel(s)}`, `the voicemail of ${seatPhrase(s)}`);
    }
    case 'timeprofile': {
      const p = index.timeprofile.get(parsed.key);
      return p ? ref(labelled(p.extension, p.name), `'${p.name}'`) : missingRef(value);
    }
    case 'ivr': {
      const i = index.ivr.get(parsed.key);
      return i ? ref(labelled(i.name, i.description), `IVR ${quoted(i.name, i.description)}`) : missingRef(value);
    }
    case 'callgroup': {
      const g = index.callgroup.get(parsed.key);
      return g
        ? ref(labelled(g.groupNo, g.customName), `call group ${quoted(g.groupNo, g.customName)}`)
        : missingRef(value);
    }
    case 'queue': {
      const q = index.queue.get(parsed.key);
      return q
        ? ref(labelled(q.displayName, q.customName), `queue ${quoted(q.displayName, q.customName)}`)
        : missingRef(value);
    }
    case 'nts': {
      const n = index.nts.get(parsed.key);
      return n ? ref(n.name, `NTS '${n.name}' (${n.destination})`) : missingRef(value);
    }
    case 'conference': {
      const c = index.conference.get(parsed.key);
      return c
        ? ref(labelled(c.confNumber, c.nickname), `conference room ${quoted(c.confNumber, c.nickname)}`)
        : missingRef(value);
    }
    case 'trunk': {
      const t = index.trunk.get(parsed.key);
      return t ? ref(t.nickname, `SIP trunk '${t.nickname}'`) : missingRef(value);
    }
  }
}

/** A number a call is sent to (a divert, an NTS): the account's own number, or outside the network. */
export function dialledNumberRef(index: IndexedEstate, number: string): Ref {
  const own = index.numbers.get(nationalNumber(number));
  return own ? numberRef(own) : outsideRef(number);
}
