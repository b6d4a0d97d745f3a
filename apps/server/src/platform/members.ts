/**
 * Members that are destinations of the account (a call group's or a queue's members): a child
 * collection whose member field holds '{type}:{key}', named from the destinations it holds, unique
 * in its parent, and never the parent itself. Deleting what a member names is refused, naming the
 * parent ('In use in Call Group 300 - Sales').
 */

import type { RouteContract } from '@switchboard/domain';
import type { FastifyInstance } from 'fastify';
import { type ChildrenDef, children, destinationNames, parentUsage } from './children.ts';
import type { Platform } from './platform.ts';
import { notParent } from './validators.ts';

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
}

export function destinationMembers<Child extends { id: number }>(
  api: FastifyInstance,
  platform: Platform,
  def: MembersDef<Child>,
): void {
  const { member, display, unique, twice, self, routes, ...rest } = def;
  const parentField = Object.entries(def.fields).find(([, d]) => d.column === def.parentColumn)?.[0] ?? '';
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
    validate: [notParent(def.parent, parentField, [member], self)],
    uniqueViolations: { [unique]: { field: member, message: twice } },
    decorate: destinationNames(platform, member, display),
  });
}
