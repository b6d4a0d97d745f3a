/**
 * Members that are destinations of the account (a call group's or a queue's members): a child
 * collection whose member field holds '{type}:{key}', named from the destinations it holds, unique
 * in its parent, and never the parent itself. Deleting what a member names is refused, naming the
 * parent ('In use in Call Group 300 - Sales').
 */

import type { RouteContract } from '@switchboard/domain';
import { destinationValue } from '@switchboard/domain';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { type ChildrenDef, children, destinationNames, parentUsage } from './children.ts';
import type { Platform } from './platform.ts';
import type { ResourceHandle, Validator } from './resources.ts';
import { notParent } from './validators.ts';

/** A member table as an edge list: its parent's destination ('callgroup:350') → the member's. */
interface MemberEdges {
  type: string;
  parentTable: string;
  parentKey: string;
  table: string;
  parentColumn: string;
  memberColumn: string;
}

/** The member tables of each platform (call groups' and queues'): the graph a loop is looked for in. */
const graphs = new WeakMap<Platform, MemberEdges[]>();

/**
 * A member that already reaches the parent through members of its own (queue 360 has call group
 * 350 as a member; adding queue 360 to group 350) would ring round for ever: refused with
 * `message`. The walk runs over every member table of the account in one recursive query.
 */
const noLoop =
  (
    platform: Platform,
    // biome-ignore lint/suspicious/noExplicitAny: any routed resource can be a parent.
    parent: ResourceHandle<any, any, any>,
    parentField: string,
    memberField: string,
    message: string,
  ): Validator<Record<string, unknown>> =>
  async ({ db, values, current }) => {
    const member = String(values[memberField] ?? '');
    // A member whose destination stays (a change of its days or delay) is not looked at again.
    if (current && String((current as Record<string, unknown>)[memberField] ?? '') === member) return undefined;
    const own = parent.def.destination;
    const key = own?.source?.key;
    const edges = graphs.get(platform) ?? [];
    if (!member || !own || !key || edges.length === 0) return undefined;
    const { rows: parents } = await sql<{ key: string }>`select ${sql.raw(key)}::text as key
      from ${sql.table(parent.def.table)} where id = ${Number(values[parentField])}`.execute(db);
    const parentKey = parents[0]?.key;
    if (parentKey === undefined) return undefined;
    const target = destinationValue(own.type, parentKey);
    const union = sql.join(
      edges.map(
        (
          e,
        ) => sql`select ${e.type} || ':' || (${sql.raw(e.parentKey)})::text as src, m.${sql.raw(e.memberColumn)} as dst
          from ${sql.table(e.table)} m join ${sql.table(e.parentTable)} on ${sql.raw(e.parentTable)}.id = m.${sql.raw(e.parentColumn)}`,
      ),
      sql` union all `,
    );
    const { rows } = await sql`with recursive edges as (${union}),
        reach(node) as (select ${member}::text union select e.dst from edges e join reach r on e.src = r.node)
      select 1 from reach where node = ${target} limit 1`.execute(db);
    return rows.length > 0 ? { [memberField]: message } : undefined;
  };

/** The spec's member calls: every member of the parent :id, add, change (id in the body), the id-less delete. */
export interface MemberContracts {
  members: RouteContract;
  addMember: RouteContract;
  updateMember: RouteContract;
  removeMembers: RouteContract;
}

export interface MembersDef<Child extends { id: number }>
  extends Omit<
    ChildrenDef<Child>,
    'kind' | 'title' | 'label' | 'usage' | 'validate' | 'uniqueViolations' | 'decorate' | 'routes'
  > {
  /** The area's contract (its member calls are taken from it). */
  routes: MemberContracts;
  /** The field holding the member's destination, and the one showing its name ('201 - Reception'). */
  member: keyof Child & string;
  display: keyof Child & string;
  /** The unique index of a member in its parent, and the refusal of a member added twice. */
  unique: string;
  twice: string;
  /** The refusal of the parent as its own member. */
  self: string;
  /** The refusal of a member that already includes the parent (a loop through other members). */
  loop: string;
}

export function destinationMembers<Child extends { id: number }>(
  api: FastifyInstance,
  platform: Platform,
  def: MembersDef<Child>,
): void {
  const { member, display, unique, twice, self, loop, routes, ...rest } = def;
  const memberColumn = def.fields[member]?.column ?? member;
  const parentField = Object.entries(def.fields).find(([, d]) => d.column === def.parentColumn)?.[0] ?? '';
  const own = def.parent.def.destination;
  if (own?.source?.key) {
    const edges = graphs.get(platform) ?? [];
    edges.push({
      type: own.type,
      parentTable: def.parent.def.table,
      parentKey: own.source.key,
      table: def.table,
      parentColumn: def.parentColumn,
      memberColumn,
    });
    graphs.set(platform, edges);
  }
  children(api, platform, {
    ...rest,
    kind: 'member',
    routes: {
      all: routes.members,
      add: routes.addMember,
      update: routes.updateMember,
      removeMany: routes.removeMembers,
    },
    label: (m) => String(m[display]),
    usage: parentUsage(def.parent, def.table, def.parentColumn),
    validate: [
      notParent(def.parent, parentField, [member], self),
      noLoop(platform, def.parent, parentField, member, loop),
    ],
    uniqueViolations: { [unique]: { field: member, message: twice } },
    decorate: destinationNames(platform, member, display),
  });
}
