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
import { containsPattern, TRIGRAM } from './list.ts';
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
  /**
   * The label is texts of the row that the table's `column` holds, case folded or not (a column
   * with a trigram index: seats.destination_label), joined by `literals`. A term that overlaps none
   * of the literals lies within one of those texts, so only rows whose `column` holds it can match:
   * a search reads them through that index (app_search_ids, migration 041), not every row.
   */
  indexedText?: { column: string; literals: readonly string[] };
}

/**
 * Whether `term`, found in a text that holds `literal`, may take in part of it: it holds the literal
 * or lies inside it, or one's end is the other's start.
 */
export function mayOverlap(term: string, literal: string): boolean {
  if (term.includes(literal) || literal.includes(term)) return true;
  for (let k = 1; k < Math.min(term.length, literal.length); k++) {
    if (term.endsWith(literal.slice(0, k)) || term.startsWith(literal.slice(-k))) return true;
  }
  return false;
}

/** What a picker asks for: a term, the kinds it offers, a page. */
export interface DestinationSearchRequest {
  q?: string | undefined;
  types?: readonly DestinationType[] | undefined;
  offset: number;
  limit: number;
}

export interface DestinationSearchPage {
  records: DestinationOption[];
  lastPage: boolean;
}

const CONFERENCING: DestinationOption = {
  value: CONFERENCING_DESTINATION,
  label: 'Conferencing',
  type: 'conference',
  typeLabel: DESTINATION_TYPE_LABELS.conference,
};

/**
 * The condition that narrows a search for `term` to the rows whose indexed text holds it, when the
 * source has one, the term lies within one of the label's texts and has a trigram of a word (letters
 * or digits) for the index to look up: a term of short words ('D 3') finds nearly every row there.
 */
function narrowed(source: DestinationSource, term: string, pattern: string) {
  const by = source.indexedText;
  const folded = term.toLowerCase();
  if (!by || !TRIGRAM_WORD.test(term) || by.literals.some((l) => mayOverlap(folded, l.toLowerCase()))) return [];
  return [
    sql`${sql.raw(`${source.table}.id`)} in (select app_search_ids(${source.table}, array[${by.column}]::text[], ${pattern}))`,
  ];
}

/** Three letters or digits in a row: a trigram an index can look up. */
const TRIGRAM_WORD = new RegExp(`[\\p{L}\\p{N}]{${TRIGRAM}}`, 'u');

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

  /**
   * A page of the account's destinations whose label holds `q` (case folded), of the `types` given
   * (every type unless told) whose area the reader may read, in the order of `list`: one statement,
   * each type's rows read in its own order through its key index and cut at the page's end, so a
   * page costs the rows it skips and shows, not the account's size (unless few labels match).
   */
  async search(tx: Tx, reader: PermissionHolder, request: DestinationSearchRequest): Promise<DestinationSearchPage> {
    const { q = '', types, offset, limit } = request;
    const sources = [...this.#sources.values()].filter(
      (s) => can(reader, DESTINATION_READ_RESOURCE[s.type], 'read') && (!types || types.includes(s.type)),
    );
    if (sources.length === 0) return { records: [], lastPage: true };
    const term = q.trim();
    // A term with no letter case to fold (digits) is LIKE, which need not fold every label.
    const like = sql.raw(term.toLowerCase() === term.toUpperCase() ? 'like' : 'ilike');
    const pattern = containsPattern(term);
    const end = offset + limit + 1;
    const parts = sources.map((source, i) => {
      const label = sql.raw(source.label);
      const order = sql.raw(`${source.order ?? source.key}, ${source.key}`);
      const conditions = [
        ...(source.where ? [sql`(${sql.raw(source.where)})`] : []),
        ...narrowed(source, term, pattern),
        ...(term ? [sql`${label} ${like} ${pattern}`] : []),
      ];
      const where = conditions.length > 0 ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
      return sql`(select ${i}::int as t, row_number() over (order by ${order}) as n,
        (${sql.raw(source.key)})::text as key, ${label} as label
        from ${sql.table(source.table)} ${where} order by ${order} limit ${end})`;
    });
    const { rows } = await sql<{ t: number; key: string; label: string }>`
      select t, key, label from (${sql.join(parts, sql` union all `)}) u
      order by t, n offset ${offset} limit ${limit + 1}`.execute(tx);
    const records = rows
      .slice(0, limit)
      .map((row) => this.#option((sources[row.t] as DestinationSource).type, row.key, row.label));
    return { records, lastPage: rows.length <= limit };
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

  /**
   * The options of `values` the reader may see: those of the account, of a type whose area they may
   * read (a value of another account, or of an area they may not read, is left out, never named).
   */
  async labels(tx: Tx, reader: PermissionHolder, values: readonly string[]): Promise<DestinationOption[]> {
    const readable = values.filter((value) => {
      const parsed = parseDestination(value);
      return (
        value === CONFERENCING_DESTINATION || (parsed && can(reader, DESTINATION_READ_RESOURCE[parsed.type], 'read'))
      );
    });
    return [...(await this.find(tx, readable)).values()];
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
