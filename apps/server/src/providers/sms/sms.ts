/**
 * The SMS gateway (issue 28): sends the account's texts and reports, by signed webhooks, each text's
 * delivery and the texts that arrive at the account's numbers.
 *
 * - **Twilio** when SMS_GATEWAY=twilio with TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN: its Messages
 *   API (`POST /2010-04-01/Accounts/{sid}/Messages.json`, form-encoded To, From, Body and the
 *   StatusCallback URL, HTTP Basic with the account SID and auth token; no SDK). Its webhooks (status
 *   callbacks and incoming messages, both form posts to SMS_WEBHOOK_URL) are signed with
 *   X-Twilio-Signature: base64 HMAC-SHA1, keyed by the auth token, of the URL followed by every
 *   parameter's name and value in name order — checked in constant time, a wrong one refused with
 *   nothing stored.
 * - **The sandbox** otherwise (when sandboxes are on): never sends anywhere. It answers a send as
 *   Twilio does (a message id, 'queued') and keeps the status reports Twilio would make for their
 *   moment (`sms_sandbox_callbacks`): 'sent' after about two seconds, then 'delivered' — or 'failed'
 *   for an unreachable destination (a number ending 0000) and about one text in thirty (the
 *   carrier's refusal, decided by the message id) — a few seconds later. The `sms-sandbox-delivery`
 *   job hands them, signed as Twilio signs (with SMS_WEBHOOK_SECRET, else a key of this process), to
 *   the webhook pipeline; a provider admin's (or a test's) inbound text goes the same way.
 * - **Unavailable** (sandboxes off, nothing configured): every send refused (503).
 */
import crypto from 'node:crypto';
import { SMS_MESSAGES, type SmsDelivery } from '@switchboard/domain';
import { sql } from 'kysely';
import type { SmsGatewaySettings } from '../../config.ts';
import { HttpError } from '../../platform/errors.ts';
import { ProviderUnavailableError } from '../../platform/provider-modes.ts';
import type { Tenancy } from '../../platform/tenancy.ts';

export interface OutgoingText {
  from: string;
  to: string;
  body: string;
}

/** The gateway's answer to a send: its message id and state, or why it refused the text. */
export type SendOutcome = { sid: string; status: SmsDelivery } | { sid: null; status: 'failed'; error: string };

/** A verified webhook: a text's new status, or a text arriving. */
export type SmsEvent =
  | { kind: 'status'; sid: string; status: SmsDelivery; error: string }
  | { kind: 'inbound'; sid: string; from: string; to: string; message: string };

export interface SmsGateway {
  readonly kind: 'sandbox' | 'twilio' | 'unavailable';
  /** Hands one text to the gateway. Throws on a passing failure (the job retries). */
  send(text: OutgoingText): Promise<SendOutcome>;
  /** The events of a signed webhook (form parameters as received); 403 when the signature is not right. */
  verify(rawBody: string, signature: string | undefined): SmsEvent[];
}

/** Twilio's signature of a webhook: base64 HMAC-SHA1 of the URL and each parameter (name order) with the auth token. */
export function twilioSignature(authToken: string, url: string, params: Record<string, string>): string {
  const data = Object.keys(params)
    .sort()
    .reduce((text, key) => text + key + params[key], url);
  return crypto.createHmac('sha1', authToken).update(Buffer.from(data, 'utf8')).digest('base64');
}

/** A form body's parameters (the last value of a repeated name). */
export function formParams(rawBody: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(rawBody));
}

/** Twilio's message states as ours ('sending', 'accepted' are on the way; 'undelivered' failed). */
export function deliveryOf(status: string): SmsDelivery | null {
  const map: Record<string, SmsDelivery> = {
    accepted: 'queued',
    scheduled: 'queued',
    queued: 'queued',
    sending: 'sent',
    sent: 'sent',
    delivered: 'delivered',
    undelivered: 'failed',
    failed: 'failed',
  };
  return map[status] ?? null;
}

/** Checks a webhook's signature (constant time) and reads its event: 403 and nothing else when wrong. */
function verifiedEvents(
  token: string,
  url: string,
  rawBody: string,
  signature: string | undefined,
  refusal: string,
): SmsEvent[] {
  const params = formParams(rawBody);
  const expected = Buffer.from(twilioSignature(token, url, params));
  const given = Buffer.from(signature ?? '');
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) throw new HttpError(403, refusal);
  const sid = params.MessageSid ?? params.SmsSid ?? '';
  if (!/^[A-Za-z0-9]{10,64}$/.test(sid)) return [];
  const status = params.MessageStatus ?? params.SmsStatus ?? '';
  if (status === 'received' || (status === '' && params.Body !== undefined)) {
    return [{ kind: 'inbound', sid, from: params.From ?? '', to: params.To ?? '', message: params.Body ?? '' }];
  }
  const delivery = deliveryOf(status);
  if (!delivery) return [];
  const error = params.ErrorMessage ?? (params.ErrorCode ? `Error ${params.ErrorCode}` : '');
  return [{ kind: 'status', sid, status: delivery, error }];
}

export const SIGNATURE_HEADER = 'x-twilio-signature';
const REFUSAL = SMS_MESSAGES.badSignature;

/** Twilio's Messages API. */
export class TwilioGateway implements SmsGateway {
  readonly kind = 'twilio' as const;
  readonly #sid: string;
  readonly #token: string;
  readonly #base: string;
  readonly #webhookUrl: string;
  constructor(settings: { accountSid: string; authToken: string; apiBase?: string | undefined; webhookUrl: string }) {
    this.#sid = settings.accountSid;
    this.#token = settings.authToken;
    this.#base = (settings.apiBase ?? 'https://api.twilio.com').replace(/\/$/, '');
    this.#webhookUrl = settings.webhookUrl;
  }

  async send(text: OutgoingText): Promise<SendOutcome> {
    const url = `${this.#base}/2010-04-01/Accounts/${encodeURIComponent(this.#sid)}/Messages.json`;
    const body = new URLSearchParams({
      To: text.to,
      From: text.from,
      Body: text.body,
      StatusCallback: this.#webhookUrl,
    });
    const response = await fetch(url, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${this.#sid}:${this.#token}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body,
      signal: AbortSignal.timeout(10_000),
    });
    const answer = (await response.json().catch(() => ({}))) as { sid?: string; status?: string; message?: string };
    // A refusal of the text itself (a bad number, an originator not ours): failed, not retried.
    if (response.status >= 400 && response.status < 500 && response.status !== 429) {
      return { sid: null, status: 'failed', error: (answer.message ?? `Refused (${response.status})`).slice(0, 200) };
    }
    if (!response.ok || !answer.sid) throw new Error(`Twilio answered ${response.status}`);
    return { sid: answer.sid, status: deliveryOf(answer.status ?? '') ?? 'queued' };
  }

  verify(rawBody: string, signature: string | undefined): SmsEvent[] {
    return verifiedEvents(this.#token, this.#webhookUrl, rawBody, signature, REFUSAL);
  }
}

/** How the sandbox decides a text's fate: an unreachable destination, or about one in thirty refused by the carrier. */
export function sandboxFate(to: string, sid: string): { status: 'delivered' } | { status: 'failed'; error: string } {
  if (/0000$/.test(to)) return { status: 'failed', error: 'Unreachable destination (sandbox)' };
  const roll = crypto.createHash('sha256').update(sid).digest().readUInt32BE(0) % 30;
  return roll === 0 ? { status: 'failed', error: 'Refused by the carrier (sandbox)' } : { status: 'delivered' };
}

/** The sandbox gateway (see the file's head): sends nowhere, reports as Twilio would. */
export class SandboxSmsGateway implements SmsGateway {
  readonly kind = 'sandbox' as const;
  readonly #tenancy: Tenancy;
  readonly #secret: string;
  readonly webhookUrl: string;
  constructor(tenancy: Tenancy, settings: { webhookUrl: string; sandboxSecret?: string | undefined }) {
    this.#tenancy = tenancy;
    this.#secret = settings.sandboxSecret ?? crypto.randomBytes(32).toString('hex');
    this.webhookUrl = settings.webhookUrl;
  }

  async send(text: OutgoingText): Promise<SendOutcome> {
    const sid = `SM${crypto.randomBytes(16).toString('hex')}`;
    const fate = sandboxFate(text.to, sid);
    const now = Date.now();
    // Realistic delays: a couple of seconds to the carrier, a few more to the handset.
    const sentAt = new Date(now + 1500 + Math.floor(Math.random() * 1000));
    const finalAt = new Date(sentAt.getTime() + 2000 + Math.floor(Math.random() * 3000));
    const report = (status: string, extra: Record<string, string> = {}) => ({
      MessageSid: sid,
      MessageStatus: status,
      From: text.from,
      To: text.to,
      ...extra,
    });
    const last =
      fate.status === 'failed'
        ? report('failed', { ErrorCode: '30003', ErrorMessage: fate.error })
        : report('delivered');
    await this.#tenancy.crossAccount('sms', (tx) =>
      tx
        .insertInto('sms_sandbox_callbacks')
        .values([
          { due_at: sentAt, params: JSON.stringify(report('sent')) },
          { due_at: finalAt, params: JSON.stringify(last) },
        ])
        .execute(),
    );
    return { sid, status: 'queued' };
  }

  /** A text arriving at `to` from `from`, as Twilio would post it: the form body and its signature. */
  inbound(text: { from: string; to: string; message: string }): { rawBody: string; signature: string } {
    const params = {
      MessageSid: `SM${crypto.randomBytes(16).toString('hex')}`,
      SmsStatus: 'received',
      From: text.from,
      To: text.to,
      Body: text.message,
    };
    return this.signed(params);
  }

  /** A form body of `params` signed as Twilio signs (the sandbox's key). */
  signed(params: Record<string, string>): { rawBody: string; signature: string } {
    return {
      rawBody: new URLSearchParams(params).toString(),
      signature: twilioSignature(this.#secret, this.webhookUrl, params),
    };
  }

  /** The status reports due by `now` (at most `limit`), oldest first, each signed; `done` removes them once delivered. */
  async due(now: Date, limit = 100): Promise<Array<{ id: number; rawBody: string; signature: string }>> {
    const rows = await this.#tenancy.crossAccount('sms', (tx) =>
      tx
        .selectFrom('sms_sandbox_callbacks')
        .select(['id', 'params'])
        .where('due_at', '<=', sql<Date>`greatest(clock_timestamp(), ${now}::timestamptz)`)
        .orderBy('due_at')
        .limit(limit)
        .execute(),
    );
    return rows.map((r) => ({ id: r.id, ...this.signed(r.params as Record<string, string>) }));
  }

  async done(ids: readonly number[]): Promise<void> {
    if (ids.length === 0) return;
    await this.#tenancy.crossAccount('sms', (tx) =>
      tx
        .deleteFrom('sms_sandbox_callbacks')
        .where('id', 'in', [...ids])
        .execute(),
    );
  }

  verify(rawBody: string, signature: string | undefined): SmsEvent[] {
    return verifiedEvents(this.#secret, this.webhookUrl, rawBody, signature, REFUSAL);
  }
}

export class UnavailableSmsGateway implements SmsGateway {
  readonly kind = 'unavailable' as const;
  async send(): Promise<SendOutcome> {
    throw new ProviderUnavailableError('sms');
  }
  verify(): SmsEvent[] {
    throw new ProviderUnavailableError('sms');
  }
}

/** The configured gateway: Twilio, else the sandbox when sandboxes are on, else none. */
export function smsGatewayFor(tenancy: Tenancy, settings: SmsGatewaySettings, sandboxes: boolean): SmsGateway {
  if (settings.gateway === 'twilio' && settings.accountSid && settings.authToken) {
    return new TwilioGateway({
      accountSid: settings.accountSid,
      authToken: settings.authToken,
      apiBase: settings.apiBase,
      webhookUrl: settings.webhookUrl,
    });
  }
  return sandboxes ? new SandboxSmsGateway(tenancy, settings) : new UnavailableSmsGateway();
}
