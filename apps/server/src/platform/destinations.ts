/** The account's routable objects, contributed by each area that can be a destination. */
import {
  CONFERENCING_DESTINATION,
  can,
  DESTINATION_TYPE_LABELS,
  type DestinationOption,
  type DestinationType,
  destinationValue,
  type PermissionHolder,
  parseDestination,
  type Resource,
} from '@switchboard/domain';
import type { DB } from '../db/database.ts';

/**
 * The permission resource of each destination type's area (spec 2 §6): the destination choices
 * show a type's objects (names included) only to a holder with read on it.
 */
export const DESTINATION_READ_RESOURCE: Record<DestinationType, Resource> = {
  seat: 'seats',
  trunk: 'SIPTrunks',
  timeprofile: 'timeprofile',
  callgroup: 'callGroups',
  queue: 'queues',
  ivr: 'IVR',
  nts: 'externalExt',
  voicemail: 'voicemail',
  conference: 'conference',
};

export interface DestinationSource {
  type: DestinationType;
  /** The account's objects of this type: key (the part after 'type:') and a display label. */
  list: (db: DB, accountNo: number) => Promise<Array<{ key: string; label: string }>>;
}

export class DestinationRegistry {
  readonly #sources = new Map<DestinationType, DestinationSource>();

  add(source: DestinationSource): void {
    this.#sources.set(source.type, source);
  }

  types(): DestinationType[] {
    return [...this.#sources.keys()];
  }

  /**
   * The account's destinations; with `reader`, only the types whose area the reader may read
   * (the choices a user is shown). Validation and labels of stored values use the full list.
   */
  async list(db: DB, accountNo: number, reader?: PermissionHolder): Promise<DestinationOption[]> {
    const out: DestinationOption[] = [];
    for (const source of this.#sources.values()) {
      if (reader && !can(reader, DESTINATION_READ_RESOURCE[source.type], 'read')) continue;
      for (const item of await source.list(db, accountNo)) {
        out.push({
          value: destinationValue(source.type, item.key),
          label: item.label,
          type: source.type,
          typeLabel: DESTINATION_TYPE_LABELS[source.type],
        });
      }
    }
    return out;
  }

  /** The option for a value when it exists in the account ('' and unknown values give null). */
  async find(db: DB, accountNo: number, value: string): Promise<DestinationOption | null> {
    if (value === CONFERENCING_DESTINATION) {
      return { value, label: 'Conferencing', type: 'conference', typeLabel: DESTINATION_TYPE_LABELS.conference };
    }
    const parsed = parseDestination(value);
    const source = parsed ? this.#sources.get(parsed.type) : undefined;
    if (!parsed || !source) return null;
    const item = (await source.list(db, accountNo)).find((i) => i.key === parsed.key);
    return item
      ? { value, label: item.label, type: parsed.type, typeLabel: DESTINATION_TYPE_LABELS[parsed.type] }
      : null;
  }

  /** Field message when a non-empty destination is not one of the account's. */
  async check(db: DB, accountNo: number, field: string, value: string): Promise<Record<string, string>> {
    if (value === '') return {};
    return (await this.find(db, accountNo, value)) ? {} : { [field]: 'Please select an option' };
  }
}
