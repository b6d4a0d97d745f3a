/**
 * IVR menus on the web (spec 2 §7 "IVRs"): the resource /ivr (list, read, PUT, create, delete), the
 * next free number and the bulk add by range; the form's values of a menu and its key fields.
 */
import {
  CONFERENCING_DESTINATION,
  DEFAULT_PROMPT,
  DESTINATION_TYPE_LABELS,
  type DestinationOption,
  ivrRoutes,
  NO_PROMPT,
} from '@switchboard/domain';
import type { SelectOption } from '../../platform/fields/field-props.ts';
import type { SelectSource } from '../../platform/fields/option-sources.ts';
import { resourceApi } from '../../platform/resource.ts';

export const ivrs = resourceApi('/ivr', ivrRoutes);
export const ivrKeys = ivrs.keys;

/** A key may send the caller to the conference bridge (spec 2 §3). */
export const CONFERENCING_OPTION: DestinationOption = {
  value: CONFERENCING_DESTINATION,
  label: 'Conferencing',
  type: 'conference',
  typeLabel: DESTINATION_TYPE_LABELS.conference,
};

/** The greeting: none (-1) or a prompt. */
export function greetingOptions(prompts: SelectSource): SelectOption[] {
  return [{ value: NO_PROMPT, label: 'None' }, ...prompts.options];
}

/** The invalid-choice prompt: none (-1), the system default (0) or a prompt. */
export function invalidPromptOptions(prompts: SelectSource): SelectOption[] {
  return [{ value: NO_PROMPT, label: 'None' }, { value: DEFAULT_PROMPT, label: 'Default' }, ...prompts.options];
}
