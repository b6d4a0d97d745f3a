/**
 * The OpenAPI operation of each route contract, its operationId and summary, derived once from where
 * the contract is declared: its key in an area's routes object. `seatRoutes.regenerateLdapPassword`
 * is 'seatRegenerateLdapPassword', 'Seat: regenerate ldap password'. The object's name (less
 * 'Routes') rather than the tag keeps apart two objects of one tag (time profiles and their
 * calendar); a contract in several objects (a media library's resource calls and its own) takes the
 * shortest name. A contract's own `summary` (the spec's wording) wins over the derived one.
 * Imported by the server as '@switchboard/domain/operations' (it reads every declaration, so it is
 * not part of the index the panel imports).
 */
import type { HttpMethod, RouteContract } from './contract.ts';
import * as declarations from './index.ts';

export interface OperationName {
  operationId: string;
  summary: string;
}

const words = (camel: string) => camel.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
const capitalised = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

function isContract(value: unknown): value is RouteContract {
  const v = value as Partial<RouteContract> | null;
  return typeof v === 'object' && v !== null && typeof v.method === 'string' && typeof v.path === 'string' && !!v.tag;
}

let declared: WeakMap<RouteContract, { base: string; key: string }> | undefined;

/** Every contract of an exported routes object (`…Routes`), by where it is declared (read once, lazily). */
function declaredContracts(): WeakMap<RouteContract, { base: string; key: string }> {
  if (declared) return declared;
  declared = new WeakMap();
  const groups = Object.entries(declarations as Record<string, unknown>)
    .filter(([name, group]) => name.endsWith('Routes') && typeof group === 'object' && group !== null)
    .sort(([a], [b]) => a.length - b.length || a.localeCompare(b));
  for (const [name, group] of groups) {
    for (const [key, contract] of Object.entries(group as object)) {
      if (isContract(contract) && !declared.has(contract)) declared.set(contract, { base: name.slice(0, -6), key });
    }
  }
  return declared;
}

/** 'POST /seat/:id/password' → 'postSeatIdPassword' (a contract no routes object declares). */
const fromPath = (method: HttpMethod, path: string) =>
  method.toLowerCase() +
  path
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map(capitalised)
    .join('');

/**
 * The operation of `contract` as `method` answers it: a second verb of the call (`alsoMethods`) is
 * an operation of its own, named after the first ('timeProfileNext', 'timeProfileNextByGet').
 */
export function operationOf(contract: RouteContract, method: HttpMethod = contract.method): OperationName {
  const where = declaredContracts().get(contract);
  if (!where)
    return { operationId: fromPath(method, contract.path), summary: contract.summary ?? `${method} ${contract.path}` };
  const second = method === contract.method ? '' : `By${capitalised(method.toLowerCase())}`;
  const summary = contract.summary ?? `${capitalised(words(where.base))}: ${words(where.key)}`;
  return {
    operationId: `${where.base}${capitalised(where.key)}${second}`,
    summary: second ? `${summary} (${method})` : summary,
  };
}
