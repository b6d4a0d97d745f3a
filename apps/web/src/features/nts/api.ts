/**
 * NTS destinations on the web (spec 2 §7 "NTS"): the resource /nts, and the on-net check
 * (GET /nts/check/{number}) asked before a create: a number of this platform is refused with the
 * spec's text under the Telephone Number field.
 */
import { type NtsCreate, ntsRoutes, type SaveReply } from '@switchboard/domain';
import { ApiError } from '../../platform/api.ts';
import { call } from '../../platform/client.ts';
import { resourceApi } from '../../platform/resource.ts';

export const nts = resourceApi('/nts', ntsRoutes);
export const ntsKeys = nts.keys;

/** Refuses an on-net number (the check's message under the field), else creates. */
export async function createNts(values: NtsCreate & { destination: string }): Promise<SaveReply> {
  const check = await call(ntsRoutes.check, { params: { number: values.destination } });
  if (!check.success) {
    throw new ApiError(400, check.message, { destination: check.message });
  }
  return nts.create(values);
}
