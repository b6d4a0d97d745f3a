/**
 * The bulk add by number range (seats, time profiles, and the numbered areas to come): From
 * (defaulting to the next free number), an optional To, a name for all of them, validated by the
 * area's range schema; one POST {path}/range creates them all, with a result per number.
 *
 *   add={useRangeAdd({
 *     title: 'Add Time Profiles', next: timeProfileRoutes.next, range: timeProfileRoutes.range,
 *     keys: timeProfileKeys, schema: timeProfileRange, name: { field: 'name', label: 'Name', required: true },
 *     toHelper: 'Optional: add up to 10 at once',
 *   })}
 */
import { MESSAGES, type RouteContract } from '@switchboard/domain';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import { send } from '../client.ts';
import type { FieldDef } from '../fields/form-fields.tsx';
import type { FormSchema } from '../fields/form-schema.ts';
import type { AddConfig } from '../paged-table/add-dialog.tsx';
import type { ResourceKeys } from '../resource.ts';

/** The range form's values as typed: the numbers and the one name field of the area. */
export interface RangeFormValues {
  from?: unknown;
  to?: unknown;
  name?: unknown;
  nickname?: unknown;
  customName?: unknown;
  description?: unknown;
}

/** GET the next free number. */
export type NextRoute = RouteContract & { reply: z.ZodType<{ extension: number | null }> };
export interface RangeResult {
  extension: number;
  success: boolean;
  message: string;
}
/** POST the range: a result per number. */
export type RangeRoute = RouteContract & { reply: z.ZodType<{ results: RangeResult[] }> };

export interface RangeAddConfig<O extends FieldValues> {
  title: string;
  next: NextRoute;
  /** The next route's path parameters (e.g. the account). */
  nextParams?: Record<string, unknown>;
  range: RangeRoute;
  /** The area's keys: the next number is cached with its lists, so any change refreshes it. */
  keys: ResourceKeys;
  /** The area's range schema (from, to, and the name field); its output is the range's body. */
  schema: FormSchema<RangeFormValues, O>;
  /** The field naming what is created: its body name, label, whether required. */
  name: { field: 'name' | 'nickname' | 'customName' | 'description'; label: string; required?: boolean };
  /** Under From (e.g. the account's extension range). */
  fromHelper?: string;
  /** Under To (e.g. 'Optional: add up to 100 at once'). */
  toHelper: string;
  /** A line computed from the values as they are typed (e.g. the monthly cost). */
  summary?: (values: RangeFormValues) => ReactNode;
  disabledReason?: string;
}

/** The next free number of an area (the From default), under its lists' key. */
export function nextNumberQuery(next: NextRoute, keys: ResourceKeys, params?: Record<string, unknown>) {
  return {
    queryKey: [...keys.lists(), 'next', params ?? {}],
    queryFn: () => send<{ extension: number | null }>(next, { params }),
  };
}

export function useRangeAdd<O extends FieldValues>(config: RangeAddConfig<O>): AddConfig<RangeFormValues, O> {
  const next = useQuery(nextNumberQuery(config.next, config.keys, config.nextParams));
  const fields: FieldDef<RangeFormValues>[] = [
    { kind: 'text', name: 'from', label: 'From', type: 'number', required: true, helper: config.fromHelper },
    { kind: 'text', name: 'to', label: 'To', type: 'number', helper: config.toHelper },
    { kind: 'text', name: config.name.field, label: config.name.label, required: config.name.required },
  ];
  return {
    title: config.title,
    schema: config.schema,
    defaults: { from: next.data?.extension ?? '', to: '', [config.name.field]: '' },
    fields,
    summary: config.summary,
    disabledReason: config.disabledReason,
    submit: async (values) => {
      const reply = await send<{ results: RangeResult[] }>(config.range, { body: values });
      return reply.results.map((r) => ({
        key: String(r.extension),
        ok: r.success,
        message: r.message || MESSAGES.saveFallback,
      }));
    },
  };
}
