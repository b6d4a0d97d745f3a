/**
 * Pickup groups (spec 2 §2, §3, §4, §5, §7 "Pickup groups"): named groups of seats any of which can
 * answer a call ringing at another by dialling the group's short code. A seat is in one group at
 * most: the database's unique key says so, and the refusal names the group.
 */
import {
  MESSAGES,
  PICKUP_GROUP_MESSAGES,
  type PickupGroup,
  type PickupMember,
  pickupGroupFields,
  pickupGroupRoutes,
  SHORT_CODE_CHARACTERS,
  SHORT_CODE_FROM,
  SHORT_CODE_LENGTH,
} from '@switchboard/domain';
import type { FastifyInstance } from 'fastify';
import { childCount } from '../../platform/child-count.ts';
import { children, parentUsage } from '../../platform/children.ts';
import { declaredFields } from '../../platform/declared-fields.ts';
import { HttpError, validationError } from '../../platform/errors.ts';
import { field, fieldMap, versionedFields } from '../../platform/fields.ts';
import type { Platform } from '../../platform/platform.ts';
import { resource } from '../../platform/resources.ts';
import { tenantRoute } from '../../platform/routes.ts';

const fields = fieldMap<PickupGroup>('pickup_groups', {
  ...versionedFields,
  grouppickupId: field.computed('pickup_groups.id', 'number'),
  ...declaredFields(pickupGroupFields),
  // The domain's pickupShortCode in SQL: characters 6 to 8 of the name's letters and digits.
  shortCode: field.computed(
    `('*0#' || substr(regexp_replace(pickup_groups.name, '[^${SHORT_CODE_CHARACTERS}]', '', 'g'), ${SHORT_CODE_FROM}, ${SHORT_CODE_LENGTH}))`,
    'text',
  ),
  memberCount: childCount('pickup_group_members', 'group_id'),
});

const memberFields = fieldMap<PickupMember & { seatId: number }>('pickup_group_members', {
  id: field.id(),
  groupId: field.number('group_id'),
  seatId: field.ref('seat_id', 'seats'),
  name: field.computed('(select s.name from seats s where s.id = pickup_group_members.seat_id)', 'text'),
  extension: field.computed('(select s.extension from seats s where s.id = pickup_group_members.seat_id)', 'number'),
  nickname: field.computed('(select s.nickname from seats s where s.id = pickup_group_members.seat_id)', 'text'),
});

/** The lists' field maps (their sortable and filterable columns are indexed). */
export const pickupGroupLists = [fields, memberFields];

export function registerPickupGroupRoutes(api: FastifyInstance, platform: Platform): void {
  const groups = resource(api, platform, {
    area: 'pickup-groups',
    // The spec renames by PATCH .../name and has no other edit: the generic update is left out.
    routes: {
      ...pickupGroupRoutes,
      listByQuery: pickupGroupRoutes.list,
      update: pickupGroupRoutes.rename,
      patch: pickupGroupRoutes.rename,
    },
    table: 'pickup_groups',
    permission: 'pickupGroups',
    fields,
    title: 'name',
    usage: { type: 'Pickup Group' },
    except: ['listByQuery', 'update', 'patch'],
  });

  tenantRoute(api, platform, pickupGroupRoutes.rename, {
    allow: groups.rules('update'),
    handler: async (ctx, { params, body }) => {
      const after = await groups.patch(ctx, params.id, body);
      return { success: true, message: MESSAGES.updated(after.name), id: after.id };
    },
  });

  children(api, platform, {
    parent: groups,
    table: 'pickup_group_members',
    parentColumn: 'group_id',
    fields: memberFields,
    defaultSort: { field: 'extension', direction: 'asc' },
    label: (m) => `${m.extension}${m.nickname ? ` - ${m.nickname}` : ''}`,
    kind: 'member',
    usage: parentUsage(groups, 'pickup_group_members', 'group_id'),
    routes: { all: pickupGroupRoutes.members, removeMany: pickupGroupRoutes.removeMembers },
  });

  // Several seats at once, all or none.
  tenantRoute(api, platform, pickupGroupRoutes.addMembers, {
    allow: groups.rules('update'),
    handler: async (ctx, { params, body }) => {
      const { db } = ctx;
      await groups.lock(db, params.id);
      const group = await groups.read(db, params.id);
      const names = [...new Set(body.names)];
      const seats = await db
        .selectFrom('seats')
        .leftJoin('pickup_group_members as m', 'm.seat_id', 'seats.id')
        .leftJoin('pickup_groups as g', 'g.id', 'm.group_id')
        .select(['seats.id', 'seats.name', 'm.group_id', 'g.name as groupName'])
        .where('seats.name', 'in', names)
        .forUpdate('seats')
        .execute();
      if (seats.length !== names.length) throw validationError({ names: MESSAGES.selectOption });
      for (const seat of seats) {
        if (seat.group_id === group.id) throw validationError({ names: PICKUP_GROUP_MESSAGES.memberTwice });
        if (seat.group_id !== null) {
          throw validationError({ names: PICKUP_GROUP_MESSAGES.inOtherGroup(seat.groupName ?? '') });
        }
      }
      await db
        .insertInto('pickup_group_members')
        .values(seats.map((s) => ({ account_no: ctx.auth.accountNo, group_id: group.id, seat_id: s.id })))
        .execute()
        .catch((error: unknown) => {
          // A seat put in another group meanwhile: the unique key is the last word.
          if ((error as { code?: string }).code === '23505') {
            throw new HttpError(409, PICKUP_GROUP_MESSAGES.memberTwice, { names: PICKUP_GROUP_MESSAGES.memberTwice });
          }
          throw error;
        });
      await groups.emit(ctx, 'update', group.id, group, await groups.read(db, group.id));
      return { success: true, message: MESSAGES.updated(group.name), id: group.id };
    },
  });
}
