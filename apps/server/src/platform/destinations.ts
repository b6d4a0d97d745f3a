/**
 * The account's routable objects ('{type}:{key}' values), contributed by each area that can be a
 * destination as a declaration: its table, the SQL of its key and label. The registry lists them
 * for the pickers, labels only the values a page shows, and checks (and locks) a value a save
 * routes to, so a delete cannot remove it before the save commits.
 */
import {
  CONFERENCING_DESTINATION,
  can,
  DESTINATION_TYPE_LABELS,
  type DestinationOption,
  type DestinationType,
  destinationValue,
  MESSAGES,
  type PermissionHolder,
  parseDestination,
  type Resource,
} from '@switchboard/domain';
import { sql } from 'kysely';
import type { Tx } from './tenancy.ts';

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
  /** The area's table. */
  table: string;
  /** SQL of a row's key (the part after 'type:'): an indexed column. */
  key: string;
  /** The key is a whole number (an extension, an id): looked up as one, so its index serves. */
  numericKey?: boolean;
  /** SQL of a row's label ('201 - Reception'). */
  label: string;
  /** SQL the picker sorts by (default: the key). */
  order?: string;
  /** SQL a row must meet to be this destination (a seat's voicemail: while voicemail is on). */
  where?: string;
}

const CONFERENCING: DestinationOption = {
  value: CONFERENCING_DESTINATION,
  label: 'Conferencing',
  type: 'conference',
  typeLabel: DESTINATION_TYPE_LABELS.conference,
};

const whereOf = (source: DestinationSource) => (source.where ? sql`where ${sql.raw(source.where)}` : sql``);

export class DestinationRegistry {
  readonly #sources = new Map<DestinationType, DestinationSource>();

  add(source: DestinationSource): void {
    this.#sources.set(source.type, source);
  }

  types(): DestinationType[] {
    return [...this.#sources.keys()];
  }

  /** The account's destinations; with `reader`, only the types whose area the reader may read. */
  async list(tx: Tx, reader?: PermissionHolder): Promise<DestinationOption[]> {
    const out: DestinationOption[] = [];
    for (const source of this.#sources.values()) {
      if (reader && !can(reader, DESTINATION_READ_RESOURCE[source.type], 'read')) continue;
      const { rows } = await sql<{ key: string; label: string }>`
        select (${sql.raw(source.key)})::text as key, ${sql.raw(source.label)} as label
        from ${sql.table(source.table)} ${whereOf(source)}
        order by ${sql.raw(source.order ?? source.key)}`.execute(tx);
      for (const row of rows) out.push(this.#option(source.type, row.key, row.label));
    }
    return out;
  }

  /** The options of `values` that exist in the account (the labels of what a page shows). */
  async find(
    tx: Tx,
    values: readonly string[],
    options: { lock?: boolean } = {},
  ): Promise<Map<string, DestinationOption>> {
    const found = new Map<string, DestinationOption>();
    const byType = new Map<DestinationType, string[]>();
    for (const value of new Set(values)) {
      if (value === CONFERENCING_DESTINATION) found.set(value, CONFERENCING);
      const parsed = parseDestination(value);
      if (parsed && this.#sources.has(parsed.type))
        byType.set(parsed.type, [...(byType.get(parsed.type) ?? []), parsed.key]);
    }
    for (const [type, keys] of byType) {
      const source = this.#sources.get(type) as DestinationSource;
      const wanted = source.numericKey ? keys.filter((k) => /^\d{1,9}$/.test(k)).map(Number) : keys;
      if (wanted.length === 0) continue;
      // FOR KEY SHARE: the routed-to row cannot be deleted until this transaction ends.
      const { rows } = await sql<{ key: string; label: string }>`
        select (${sql.raw(source.key)})::text as key, ${sql.raw(source.label)} as label
        from ${sql.table(source.table)}
        where ${sql.raw(source.key)} in (${sql.join(wanted)}) ${source.where ? sql`and (${sql.raw(source.where)})` : sql``}
        ${options.lock ? sql`for key share` : sql``}`.execute(tx);
      for (const row of rows) found.set(destinationValue(type, row.key), this.#option(type, row.key, row.label));
    }
    return found;
  }

  /** Field message when a non-empty destination is not one of the account's; locks it when it is. */
  async check(tx: Tx, field: string, value: string): Promise<Record<string, string>> {
    if (value === '') return {};
    return (await this.find(tx, [value], { lock: true })).has(value) ? {} : { [field]: MESSAGES.selectOption };
  }

  #option(type: DestinationType, key: string, label: string): DestinationOption {
    return { value: destinationValue(type, key), label, type, typeLabel: DESTINATION_TYPE_LABELS[type] };
  }
}
