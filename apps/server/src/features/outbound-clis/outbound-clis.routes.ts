/**
 * Outbound caller-ID lists (spec 3 §2, §3, §5, §7 "Caller-ID lists", §8): GET /outboundclilist,
 * GET and POST /outboundclilist/{id}, DELETE, on the generic resource. A list's numbers are the
 * account's own (a number in a list cannot be deleted: 'In use in Outbound CLI List {name}').
 */
import { OUTBOUND_CLI_MESSAGES, type OutboundCli, outboundCliFields, outboundCliRoutes } from '@switchboard/domain';
import type { FastifyInstance } from 'fastify';
import { declaredFields } from '../../platform/declared-fields.ts';
import { field, fieldMap, versionedFields } from '../../platform/fields.ts';
import type { Platform } from '../../platform/platform.ts';
import { resource } from '../../platform/resources.ts';
import { ownNumbers, uniqueIn } from '../../platform/validators.ts';

const fields = fieldMap<OutboundCli>('outbound_clis', {
  ...versionedFields,
  ...declaredFields(outboundCliFields),
  numberCount: field.computed('jsonb_array_length(outbound_clis.numbers)', 'number', { sortable: true }),
});

/** The lists' field maps (their sortable and filterable columns are indexed). */
export const outboundCliLists = [fields];

export function registerOutboundCliRoutes(api: FastifyInstance, platform: Platform): void {
  resource(api, platform, {
    area: 'outbound-clis',
    routes: outboundCliRoutes,
    table: 'outbound_clis',
    permission: 'outboundCLILists',
    fields,
    title: 'name',
    usage: { type: 'Outbound CLI List' },
    validate: [
      ownNumbers(['numbers'], OUTBOUND_CLI_MESSAGES.notAccountNumber),
      uniqueIn('name', 'outbound_clis', 'name', OUTBOUND_CLI_MESSAGES.nameInUse, { ignoreCase: true }),
    ],
    uniqueViolations: { outbound_clis_name_key: { field: 'name', message: OUTBOUND_CLI_MESSAGES.nameInUse } },
  });
}
