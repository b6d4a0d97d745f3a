/**
 * NTS destinations (spec 2 §2, §3, §5, §6, §7 "NTS"): external numbers calls are forwarded to. A
 * number of this platform (allocated to any account) is refused: that call stays on the network.
 */
import {
  CALL_OPTION_MESSAGES,
  DEFAULT_RESTRICTIONS,
  mayEditRestrictions,
  NTS_MESSAGES,
  type Nts,
  ntsFields,
  ntsRoutes,
} from '@switchboard/domain';
import { normaliseNumber } from '@switchboard/domain/phone';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { declaredFields } from '../../platform/declared-fields.ts';
import { HttpError } from '../../platform/errors.ts';
import { fieldMap, versionedFields } from '../../platform/fields.ts';
import type { Platform } from '../../platform/platform.ts';
import { resource } from '../../platform/resources.ts';
import { tenantRoute } from '../../platform/routes.ts';
import type { Tx } from '../../platform/tenancy.ts';
import { restricted, usablePrompt } from '../../platform/validators.ts';

/** The list's field map (its sortable and filterable columns are indexed). */
export const ntsListFields = fieldMap<Nts>('nts_destinations', {
  ...versionedFields,
  ...declaredFields(ntsFields),
});

/** The forms a number is stored in: as typed, E.164, and national (0...) for UK numbers. */
function numberForms(value: string): string[] {
  const forms = new Set([value.trim()]);
  const e164 = normaliseNumber(value);
  if (e164) {
    forms.add(e164);
    forms.add(e164.slice(1));
    if (e164.startsWith('+44')) forms.add(`0${e164.slice(3)}`);
  }
  return [...forms];
}

/** Whether the number is allocated to any account of the platform (a yes / no, nothing more). */
export async function onNet(tx: Tx, value: string): Promise<boolean> {
  const { rows } = await sql<{ taken: boolean }>`select number_on_net(${numberForms(value)}::text[]) as taken`.execute(
    tx,
  );
  return rows[0]?.taken === true;
}

export function registerNtsRoutes(api: FastifyInstance, platform: Platform): void {
  const destinations = resource(api, platform, {
    area: 'nts',
    routes: ntsRoutes,
    table: 'nts_destinations',
    permission: 'externalExt',
    fields: ntsListFields,
    title: 'name',
    usage: { type: 'NTS' },
    destination: {
      type: 'nts',
      key: (n) => String(n.id),
      source: { key: 'nts_destinations.id', numericKey: true, label: 'nts_destinations.name' },
    },
    validate: [
      usablePrompt('answerPromptId'),
      // The allow switches need ntsCallRestrictions, the international and premium ones highRisk too.
      restricted('ntsCallRestrictions', DEFAULT_RESTRICTIONS),
      // So does refusing other calls.
      ({ auth, values, current }) => {
        const changed = 'extRefuse' in values && values.extRefuse !== (current?.extRefuse ?? false);
        if (!changed || mayEditRestrictions(auth, 'ntsCallRestrictions')) return undefined;
        throw new HttpError(403, CALL_OPTION_MESSAGES.restrictions, { extRefuse: CALL_OPTION_MESSAGES.restrictions });
      },
      async ({ db, values, current }) =>
        current?.destination !== values.destination && (await onNet(db, String(values.destination)))
          ? { destination: NTS_MESSAGES.onNet }
          : undefined,
    ],
  });

  tenantRoute(api, platform, ntsRoutes.check, {
    allow: destinations.rules('read'),
    handler: async ({ db }, { params }) => {
      const taken = await onNet(db, params.number);
      return taken
        ? { success: false, onnet: true, message: NTS_MESSAGES.onNet }
        : { success: true, onnet: false, message: '' };
    },
  });
}
