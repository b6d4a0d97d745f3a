/**
 * The SMS area's jobs (platform/jobs.ts): `sms-send` hands a send's texts to the gateway (enqueued in
 * the sending transaction, retried on a passing failure); the sandbox gateway's `sms-sandbox-delivery`
 * (every two seconds) posts its due status reports, signed as Twilio signs them, through the webhook
 * pipeline like any gateway's.
 */

import { type JobDefinition, job } from '../../platform/jobs.ts';
import type { Platform } from '../../platform/platform.ts';
import { isAvailable } from '../../platform/provider-modes.ts';
import { deliverAndApply } from '../../platform/webhooks.ts';
import { SandboxSmsGateway, SIGNATURE_HEADER } from '../../providers/sms/sms.ts';
import { handToGateway, SMS_SEND_JOB } from './sms.logic.ts';
import { SMS_WEBHOOKS } from './sms.routes.ts';

/** The sandbox's reports due by `now`, delivered (each removed once the pipeline has it): how many. */
export async function deliverSandboxSms(platform: Platform, now = new Date()): Promise<number> {
  const gateway = platform.providers.sms;
  if (!(gateway instanceof SandboxSmsGateway)) return 0;
  const due = await gateway.due(now);
  const done: number[] = [];
  for (const report of due) {
    const outcomes = await deliverAndApply(platform, SMS_WEBHOOKS, {
      rawBody: report.rawBody,
      headers: { [SIGNATURE_HEADER]: report.signature },
    });
    // A report of a text whose id is not stored yet stays in the pipeline's retries; it is ours no longer.
    if (outcomes.length > 0) done.push(report.id);
  }
  await gateway.done(done);
  return done.length;
}

export function smsJobs(platform: Platform): JobDefinition[] {
  if (!isAvailable(platform.providers.sms)) return [];
  const send = job<{ ids: number[] }>(SMS_SEND_JOB, ({ ids }) => handToGateway(platform, ids), {
    retry: 5,
    backoff: 10,
  });
  if (!(platform.providers.sms instanceof SandboxSmsGateway)) return [send];
  return [send, job('sms-sandbox-delivery', () => deliverSandboxSms(platform), { every: 2, singleton: true })];
}
