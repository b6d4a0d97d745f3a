/**
 * NTS destinations on the web (spec 2 §7 "NTS"): the resource /nts, and the on-net check
 * (GET /nts/check/{number}) asked before a create: a number of this platform is refused with the
 * spec's text under the Telephone Number field.
 */
import { type Nts, type NtsCreate, type NtsInput, ntsRoutes, type SaveReply } from '@switchboard/domain';
import { ApiError } from '../../platform/api.ts';
import { call } from '../../platform/client.ts';
import { resourceApi } from '../../platform/resource.ts';

export const nts = resourceApi('/nts', ntsRoutes);
export const ntsKeys = nts.keys;

export const toNtsValues = (n: Nts): NtsInput => ({
  name: n.name,
  destination: n.destination,
  answerPromptId: n.answerPromptId,
  allowUKGeo: n.allowUKGeo,
  allowUKMobile: n.allowUKMobile,
  allowUK118: n.allowUK118,
  allowUKOther: n.allowUKOther,
  allowUKPremium09: n.allowUKPremium09,
  allowUKPremium070: n.allowUKPremium070,
  allowInternational: n.allowInternational,
  allowInternationalHighRisk: n.allowInternationalHighRisk,
  extRefuse: n.extRefuse,
  channelLimit: n.channelLimit,
});

/** Refuses an on-net number (the check's message under the field), else creates. */
export async function createNts(values: NtsCreate & { destination: string }): Promise<SaveReply> {
  const check = await call(ntsRoutes.check, { params: { number: values.destination } });
  if (!check.success) {
    throw new ApiError(400, check.message, { destination: check.message });
  }
  return nts.create(values);
}
