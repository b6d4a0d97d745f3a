/**
 * Members that are destinations of the account (a call group's or a queue's members): a child
 * collection whose member field holds '{type}:{key}' of one of the types the area allows (seats),
 * named from the destinations it holds and unique in its parent. Deleting what a member names is
 * refused, naming the parent ('In use in Call Group 300 - Sales').
 */

import type { DestinationType, RouteContract } from '@switchboard/domain';
import type { FastifyInstance } from 'fastify';
import { type ChildrenDef, children, destinationNames, parentUsage } from './children.ts';
import type { Platform } from './platform.ts';
import { destination, destinationOfType } from './validators.ts';

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
  /** The kinds of destination a member may be (domain MEMBER_TYPES), and the refusal of any other. */
  types: readonly DestinationType[];
  notType: string;
  /** The unique index of a member in its parent, and the refusal of a member added twice. */
  unique: string;
  twice: string;
}

export function destinationMembers<Child extends { id: number }>(
  api: FastifyInstance,
  platform: Platform,
  def: MembersDef<Child>,
): void {
  const { member, display, types, notType, unique, twice, routes, ...rest } = def;
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
    // One of the kinds allowed, then a destination of the account (none chosen: 'Please select an option').
    validate: [destinationOfType([member], types, notType), destination([member])],
    uniqueViolations: { [unique]: { field: member, message: twice } },
    decorate: destinationNames(platform, member, display),
  });
}
