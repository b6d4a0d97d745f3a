/**
 * Reusable validators (values an area lists in its resource's `validate`): each looks at the
 * write's values (and the record before, on update) and answers field messages, or throws the 403
 * of a permission rule. They run in the tenant transaction, so "exists" means "exists in this
 * account" without a filter of their own.
 */
import {
  adminOnlyChanges,
  CALL_OPTION_MESSAGES,
  type DestinationType,
  destinationValue,
  hasHighRisk,
  isProviderAdmin,
  MESSAGES,
  parseDestination,
  type Resource,
  restrictedOptionChanges,
  teamsSwitchProblems,
} from '@switchboard/domain';
import { sql } from 'kysely';
import { HttpError } from './errors.ts';
import type { ResourceHandle, Validator } from './resources.ts';
import type { Tx } from './tenancy.ts';

type Values = Record<string, unknown>;

/** Refuses with the first message, or the multiple-errors banner, carrying every field. */
function refuse(status: number, problems: Record<string, string>): never {
  const messages = Object.values(problems);
  throw new HttpError(status, messages.length === 1 ? (messages[0] as string) : MESSAGES.multipleErrors, problems);
}

/** `field` keeps its stored value on update (e.g. the parent a child row belongs to): a change is refused with `message`. */
export const unchanged =
  (field: string, message: string): Validator<Values> =>
  ({ current, values }) =>
    current && current[field] !== values[field] ? { [field]: message } : undefined;

/** A row of `table` with this id exists in the account (row-level security scopes the look-up). */
export async function rowExists(tx: Tx, table: string, id: number): Promise<boolean> {
  const { rows } = await sql`select 1 from ${sql.table(table)} where id = ${id}`.execute(tx);
  return rows.length > 0;
}

/** `field` (an id or null) names a row of the account's `table`. */
export const ownRow =
  (field: string, table: string, message: string = MESSAGES.selectOption): Validator<Values> =>
  async ({ db, values }) => {
    const id = values[field];
    if (id === null || id === undefined) return undefined;
    return (await rowExists(db, table, Number(id))) ? undefined : { [field]: message };
  };

/** A prompt the account may use: its own or the provider's (row-level security shows exactly those). */
export async function usablePromptRow(tx: Tx, promptId: number) {
  return tx.selectFrom('prompts').select(['id', 'name', 'account_no']).where('id', '=', promptId).executeTakeFirst();
}

/** Each of `fields` (a prompt id or null) is a prompt the account may use. */
export const usablePrompt =
  (...fields: string[]): Validator<Values> =>
  async ({ db, values }) => {
    const problems: Record<string, string> = {};
    for (const field of fields) {
      const id = values[field];
      if (id !== null && id !== undefined && !(await usablePromptRow(db, Number(id)))) {
        problems[field] = MESSAGES.recordNotFound;
      }
    }
    return problems;
  };

/**
 * Each of `fields` ('' or '{type}:{key}') is a destination of the account, locked until the write
 * commits; `self` names the record's own destination, which it may not route to.
 */
export const destination =
  (
    fields: string[],
    self?: {
      type: DestinationType;
      key: (current: Values | null, values: Values) => string | number | null;
      message: string;
    },
  ): Validator<Values> =>
  async ({ db, platform, values, current }) => {
    const problems: Record<string, string> = {};
    const own = self ? self.key(current as Values | null, values) : null;
    for (const field of fields) {
      const value = String(values[field] ?? '');
      if (self && own !== null && value === destinationValue(self.type, own)) {
        problems[field] = self.message;
        continue;
      }
      Object.assign(problems, await platform.destinations.check(db, field, value));
    }
    return problems;
  };

/** Each of `fields`, when set, is a destination of one of `types` (a member is a seat): refused with `message`. */
export const destinationOfType =
  (fields: string[], types: readonly DestinationType[], message: string): Validator<Values> =>
  ({ values }) => {
    const problems: Record<string, string> = {};
    for (const field of fields) {
      const value = String(values[field] ?? '');
      const parsed = parseDestination(value);
      if (value !== '' && (!parsed || !types.includes(parsed.type))) problems[field] = message;
    }
    return problems;
  };

/**
 * Each of `fields` is a destination of the account, never the parent record `parentField` names
 * (a call group's member, a time profile's calendar entry): refused with `message`.
 */
export const notParent = (
  // biome-ignore lint/suspicious/noExplicitAny: any routed resource can be a parent.
  parent: ResourceHandle<any, any, any>,
  parentField: string,
  fields: string[],
  message: string,
): Validator<Values> => {
  const own = parent.def.destination;
  const key = own?.source?.key;
  if (!own || !key) throw new Error(`${parent.def.table} is no destination`);
  return async (w) => {
    const { rows } = await sql<{ key: number }>`select ${sql.raw(key)} as key
      from ${sql.table(parent.def.table)} where id = ${Number(w.values[parentField])}`.execute(w.db);
    const parentKey = rows[0]?.key;
    if (parentKey === undefined) return undefined;
    return destination(fields, { type: own.type, key: () => parentKey, message })(w);
  };
};

/** Fields only a provider admin may change (spec 2 §6): a change by anyone else is a 403. */
export const adminOnly =
  (fields: readonly string[], defaults: Values = {}): Validator<Values> =>
  ({ auth, values, current }) => {
    const refused = adminOnlyChanges(auth, fields, { ...defaults, ...(current ?? {}) }, values);
    if (Object.keys(refused).length > 0) refuse(403, refused);
    return undefined;
  };

/**
 * Fields only a holder of highRisk read (or a provider admin) may change (spec 2 §6: a
 * dial-through's international calls): a change by anyone else, or a create that sets one off its
 * default, is a 403.
 */
export const highRiskOnly =
  (fields: readonly string[], defaults: Values = {}): Validator<Values> =>
  ({ auth, values, current }) => {
    if (hasHighRisk(auth)) return undefined;
    const before = { ...defaults, ...(current ?? {}) };
    const refused: Record<string, string> = {};
    for (const f of fields) if (f in values && values[f] !== before[f]) refused[f] = CALL_OPTION_MESSAGES.highRisk;
    if (Object.keys(refused).length > 0) refuse(403, refused);
    return undefined;
  };

/**
 * The call-restriction fields of `area` (spec 2 §6: restrictions need the area's
 * restriction feature, international / high-risk need highRisk): a change the user may not make
 * is a 403.
 */
export const restricted =
  (area: Resource, defaults: Values = {}): Validator<Values> =>
  ({ auth, values, current }) => {
    const refused = restrictedOptionChanges(auth, area, { ...defaults, ...(current ?? {}) }, values);
    if (Object.keys(refused).length > 0) refuse(403, refused);
    return undefined;
  };

/**
 * A limit of records per account (none for provider admins): creates take the account's row lock
 * first, so two cannot both pass the count.
 */
export const maxRecords =
  (table: string, limit: (auth: { accountKind: string }) => number | undefined, message: string): Validator<Values> =>
  async ({ db, auth }) => {
    const max = limit(auth);
    if (max === undefined || isProviderAdmin(auth)) return undefined;
    await lockAccount(db, auth.accountNo);
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)}`.execute(db);
    if (Number(rows[0]?.n ?? 0) >= max) throw new HttpError(409, message);
    return undefined;
  };

/**
 * Locks the account's row until the transaction ends (FOR NO KEY UPDATE: exclusive among such
 * creates, without blocking other inserts' foreign-key checks).
 */
export async function lockAccount(tx: Tx, accountNo: number): Promise<void> {
  await sql`select account_no from accounts where account_no = ${accountNo} for no key update`.execute(tx);
}

/**
 * `field` is unique among the account's rows of `table` in `column` (the database's constraint, where
 * there is one, is the last word); `ignoreCase`: a name differing only in case is the same name.
 */
export const uniqueIn =
  (
    field: string,
    table: string,
    column: string,
    message: string,
    options: { ignoreCase?: boolean } = {},
  ): Validator<Values> =>
  async ({ db, values, id }) => {
    const value = values[field];
    if (value === undefined || value === null || value === '') return undefined;
    const clash = options.ignoreCase
      ? sql`lower(${sql.ref(column)}) = lower(${String(value)})`
      : sql`${sql.ref(column)} = ${value}`;
    const { rows } = await sql`select id from ${sql.table(table)} where ${clash}
      ${id === undefined ? sql`` : sql`and id <> ${id}`}`.execute(db);
    return rows.length > 0 ? { [field]: message } : undefined;
  };

/** Each of `fields` ('' or a number, or a list of numbers) is one of the account's telephone numbers. */
export const ownNumbers =
  (fields: string[], message: string): Validator<Values> =>
  async ({ db, values }) => {
    const problems: Record<string, string> = {};
    for (const field of fields) {
      const value = values[field];
      const wanted = (Array.isArray(value) ? value : [value]).filter((n) => n !== '' && n !== null && n !== undefined);
      if (wanted.length === 0) continue;
      const own = await db
        .selectFrom('telephone_numbers')
        .select('number')
        .where('number', 'in', wanted.map(String))
        .execute();
      if (new Set(own.map((o) => o.number)).size < new Set(wanted.map(String)).size) problems[field] = message;
    }
    return problems;
  };

/** The Teams switch (spec 2 §4): it can be switched on only once the account has a Teams tenant. */
export const teamsSwitch: Validator<Values> = async ({ db, platform, values, current }) =>
  teamsSwitchProblems(Boolean(values.enableTeams), Boolean(current?.enableTeams), () =>
    platform.providers.teams.accountExists(db),
  );
