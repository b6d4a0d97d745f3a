/**
 * IVR menus (spec 2 §2, §3, §5, §7 "IVRs", §9): /ivr with the numbering plan, next free number and
 * bulk range add; a greeting, an invalid-choice prompt and a destination per key (CONFERENCING too).
 */
import {
  DEFAULT_PROMPT,
  IVR_KEYS,
  IVR_MESSAGES,
  IVR_NUMBER,
  type Ivr,
  type IvrRangeValues,
  ivrFields,
  ivrInput,
  ivrRoutes,
  NO_PROMPT,
} from '@switchboard/domain';
import type { FastifyInstance } from 'fastify';
import { declaredFields } from '../../platform/declared-fields.ts';
import { field, fieldMap, versionedFields } from '../../platform/fields.ts';
import { numberedResource } from '../../platform/numbered.ts';
import type { Platform } from '../../platform/platform.ts';
import { usablePrompt } from '../../platform/validators.ts';
import { keyColumn } from './migrations/015-ivrs.ts';

/** A prompt id, or nothing: the sentinels -1 (none) and 0 (default) are not rows. */
const promptRow = (v: unknown) => (Number(v) > 0 ? Number(v) : null);

/** The list's field map (its sortable and filterable columns are indexed). */
export const ivrListFields = fieldMap<Ivr, 'invalidPromptNone'>('ivrs', {
  ...versionedFields,
  ...declaredFields(ivrFields),
  // The prompts are stored as a row or null, read back with their sentinels (-1 none, 0 default).
  greetingId: field.mapped('greeting_id', `coalesce({col}, ${NO_PROMPT})`, 'number', {
    filterable: true,
    toColumn: promptRow,
    references: { table: 'prompts' },
  }),
  invalidPrompt: field.mapped(
    'invalid_prompt_id',
    `(case when ivrs.invalid_prompt_none then ${NO_PROMPT} else coalesce({col}, ${DEFAULT_PROMPT}) end)`,
    'number',
    { toColumn: promptRow, references: { table: 'prompts' } },
  ),
  invalidPromptNone: field.writeOnly('invalid_prompt_none'),
  keysSet: field.computed(
    `(${IVR_KEYS.map((k) => `(case when ivrs.${keyColumn(k.field)} <> '' then 1 else 0 end)`).join(' + ')})`,
    'number',
    { sortable: true },
  ),
});

export function registerIvrRoutes(api: FastifyInstance, platform: Platform): void {
  numberedResource(api, platform, {
    area: 'ivrs',
    routes: ivrRoutes,
    table: 'ivrs',
    permission: 'IVR',
    fields: ivrListFields,
    // -1 (no invalid-choice prompt) is kept apart from 0 (the default prompt).
    prepare: (values) => ({ ...values, invalidPromptNone: values.invalidPrompt === NO_PROMPT }),
    validate: [
      async (w) => {
        const prompts = {
          greetingId: promptRow(w.values.greetingId),
          invalidPrompt: promptRow(w.values.invalidPrompt),
        };
        return usablePrompt('greetingId', 'invalidPrompt')({ ...w, values: prompts });
      },
    ],
    number: {
      field: 'name',
      kind: 'ivr',
      title: 'description',
      unique: 'ivrs_number_uq',
      routesTo: { fields: IVR_KEYS.map((k) => k.field), self: IVR_MESSAGES.self },
      bounds: IVR_NUMBER,
      messages: IVR_MESSAGES,
      range: {
        values: (range: IvrRangeValues) => ivrInput.parse({ description: range.description }),
      },
    },
  });
}
