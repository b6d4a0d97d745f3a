/**
 * Numbered objects (seats, time profiles, and call groups, queues, IVRs, conference rooms): each
 * is dialled by a number within the area's bounds, added one at a time or as a range ('From',
 * optional 'To'), with the next free number as the add form's default.
 */
import { z } from 'zod';
import { route } from './contract.ts';
import { filledNumber } from './fields.ts';

export interface NumberMessages {
  invalidNumber: string;
  lessThanTo: string;
  tooMany: string;
  inUse: string;
  rangeInUse: string;
}

/**
 * A numbered area's number messages, worded as the spec words the time profiles': `records` names
 * them ('time profiles'), `number` their number ('Time profile number'), `max` a range's limit.
 */
export function numberMessages(records: string, number: string, max: number): NumberMessages {
  return {
    invalidNumber: 'Please input a valid number',
    lessThanTo: 'Please ensure this number is less than the To field',
    tooMany: `You cannot add more than ${max} ${records} at one time, please contact your account manager to add more`,
    inUse: `${number} is already in use. Please select a different number`,
    rangeInUse:
      `1 or more of the ${records} already has the number in this selected range. ` +
      'Please check the range and try again',
  };
}

/** A whole number within bounds: empty is required, any other value gets the area's 'invalid number' message. */
export function numberInRange(bounds: { min: number; max: number }, message: string) {
  return filledNumber(
    z.coerce
      .number({ error: message })
      .int({ error: message })
      .min(bounds.min, { error: message })
      .max(bounds.max, { error: message }),
  );
}

/**
 * A range add's body: `from`, an optional `to` above it (at most `max` numbers), plus the area's
 * own fields (the name the new objects get).
 */
export function numberRange<S extends z.ZodRawShape>(
  bounds: { min: number; max: number },
  max: number,
  messages: Pick<NumberMessages, 'invalidNumber' | 'lessThanTo' | 'tooMany'>,
  extra: S,
) {
  const n = numberInRange(bounds, messages.invalidNumber);
  return z
    .object({
      from: n,
      to: z.union([z.literal(''), z.null(), n], { error: messages.invalidNumber }).optional(),
      ...extra,
    })
    .superRefine((r, ctx) => {
      const { from, to } = r as { from: number; to?: number | '' | null };
      if (to === '' || to === null || to === undefined) return;
      if (to <= from) ctx.addIssue({ code: 'custom', path: ['from'], message: messages.lessThanTo });
      else if (to - from + 1 > max) ctx.addIssue({ code: 'custom', path: ['to'], message: messages.tooMany });
    });
}

/** The numbers of a range: from..to, or from alone. */
export function rangeNumbers(range: { from: number; to?: number | '' | null | undefined }): number[] {
  const to = typeof range.to === 'number' ? range.to : range.from;
  return Array.from({ length: to - range.from + 1 }, (_, i) => range.from + i);
}

/** 'next' reply: the next free number, or null when the bounds are full. */
export const nextNumberReply = z.object({ extension: z.number().int().nullable() });

/** A range add's reply: one result per number created. */
export const rangeReply = z.object({
  success: z.boolean(),
  message: z.string(),
  results: z.array(
    z.object({ extension: z.number().int(), success: z.boolean(), message: z.string(), id: z.number().int() }),
  ),
});
export type RangeReply = z.infer<typeof rangeReply>;

/** `{path}/next`: the next free number, the add form's default (POST, as the spec; GET too). */
export function nextNumberRoute<const P extends string>(path: P, tag: string) {
  return route({ method: 'POST', alsoMethods: ['GET'], path: `${path}/next`, reply: nextNumberReply, tag });
}

/**
 * A numbered area's routes beside its resource's: `next` (nextNumberRoute) and `range`, the bulk
 * add by range (`body`, the area's numberRange) in one transaction.
 */
export function numberedRoutes<const P extends string, B extends z.ZodType>(path: P, body: B, tag: string) {
  return {
    next: nextNumberRoute(path, tag),
    range: route({ method: 'POST', path: `${path}/range`, body, reply: rangeReply, tag }),
  };
}
