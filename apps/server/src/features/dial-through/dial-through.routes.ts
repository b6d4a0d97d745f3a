/**
 * Dial-through (spec 2 §2, §3, §5, §6, §7 "Dial through", §9): /dialthrough (the resource) and its
 * caller-ID authentication entries (/dialthrough/cli). The CLI presented is one of the account's
 * numbers; international calls need highRisk read; the PIN is shown only to who may change it.
 */
import {
  DIAL_THROUGH_HIGH_RISK_FIELDS,
  DIAL_THROUGH_MESSAGES,
  type DialThrough,
  type DialThroughCli,
  dialThroughFields,
  dialThroughRoutes,
} from '@switchboard/domain';
import type { FastifyInstance } from 'fastify';
import { childCount } from '../../platform/child-count.ts';
import { children } from '../../platform/children.ts';
import { declaredFields } from '../../platform/declared-fields.ts';
import { HttpError } from '../../platform/errors.ts';
import { field, fieldMap, versionedFields, visibleTo } from '../../platform/fields.ts';
import type { Platform } from '../../platform/platform.ts';
import { resource } from '../../platform/resources.ts';
import { highRiskOnly, ownNumbers } from '../../platform/validators.ts';

const fields = fieldMap<DialThrough>('dial_throughs', {
  ...versionedFields,
  ...declaredFields(dialThroughFields),
  // Read back only by those who may update dial-throughs.
  pin: field.text('pin', { secret: visibleTo('dialThrough', 'update') }),
  cliCount: childCount('dial_through_clis', 'dial_through_id'),
});

const cliFields = fieldMap<DialThroughCli>('dial_through_clis', {
  id: field.id(),
  dialThroughId: field.number('dial_through_id'),
  number: field.text('number', { sortable: true, searchable: true }),
});

/** The lists' field maps (their sortable and filterable columns are indexed). */
export const dialThroughLists = [fields, cliFields];

export function registerDialThroughRoutes(api: FastifyInstance, platform: Platform): void {
  const dialThroughs = resource(api, platform, {
    area: 'dial-through',
    routes: dialThroughRoutes,
    table: 'dial_throughs',
    permission: 'dialThrough',
    fields,
    title: 'name',
    usage: { type: 'Dial Through' },
    validate: [
      highRiskOnly(DIAL_THROUGH_HIGH_RISK_FIELDS, { inter: false }),
      ownNumbers(['cli'], DIAL_THROUGH_MESSAGES.notAccountNumber),
      // Never open to any caller: without a PIN, its caller IDs are the only way through.
      ({ current, values }) =>
        values.pinEnabled === false && (current?.cliCount ?? 0) === 0
          ? { pinEnabled: DIAL_THROUGH_MESSAGES.pinOffNeedsCallerId }
          : undefined,
    ],
  });

  children(api, platform, {
    parent: dialThroughs,
    table: 'dial_through_clis',
    parentColumn: 'dial_through_id',
    fields: cliFields,
    title: 'number',
    kind: 'cli',
    addParentFrom: 'body',
    routes: {
      all: dialThroughRoutes.clis,
      page: dialThroughRoutes.clisPage,
      add: dialThroughRoutes.addCli,
      removeMany: dialThroughRoutes.removeClis,
    },
    uniqueViolations: {
      dial_through_clis_number_uq: { field: 'number', message: DIAL_THROUGH_MESSAGES.numberTwice },
    },
    afterRemove: async ({ db }, parentIds) => {
      for (const id of parentIds) {
        const left = await dialThroughs.read(db, id);
        if (!left.pinEnabled && left.cliCount === 0) throw new HttpError(409, DIAL_THROUGH_MESSAGES.lastCallerId);
      }
    },
  });
}
