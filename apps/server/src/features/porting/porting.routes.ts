/**
 * Advice of transfer (issue 27; spec 3 §2 /AOT, §4, §5, §7 "Porting"). The page's two calls are
 * public — the link's key is the proof — and throttled per address through the sign-in throttle
 * (platform/throttle.ts): every call counts as a guess until its key is found to be live, so
 * guessing keys slows down (1 s, doubling) after AOT_FREE_GUESSES wrong ones while the holder's own
 * use costs nothing. A provider admin (acting as the account or in their own) raises a request for
 * a number of the account, which mails the holder the link, lists a number's requests and cancels one.
 */
import { AOT_FREE_GUESSES, AOT_KEY_VALID_DAYS, AOT_MESSAGES, portingRoutes } from '@switchboard/domain';
import type { FastifyInstance } from 'fastify';
import { panelLink } from '../../modules/identity/index.ts';
import { adviceOfTransferMail, queueMail } from '../../modules/mail/index.ts';
import { HttpError, notFound } from '../../platform/errors.ts';
import type { Platform } from '../../platform/platform.ts';
import { assertVersion } from '../../platform/resources.ts';
import { type Ctx, openRoute, tenantRoute } from '../../platform/routes.ts';
import type { Tx } from '../../platform/tenancy.ts';
import { notAFailure, takeAttempt } from '../../platform/throttle.ts';
import { hashKey, keyExpiry, newKey, requestByKey, requestsOfNumber, respond } from './porting.logic.ts';

/** The link's page (spec 3 §2). */
export const AOT_PATH = '/AOT';

export function registerPortingRoutes(api: FastifyInstance, platform: Platform): void {
  registerLinkRoutes(api, platform);
  registerProviderRoutes(api, platform);
}

/** The /AOT page's calls: no session, the key found by its hash, guesses throttled per address. */
function registerLinkRoutes(api: FastifyInstance, platform: Platform): void {
  const { config, tenancy } = platform;
  const keyOf = (ip: string) => `aot:${ip}`;
  /** Counts the call as a guess (refused 429 while the address waits). */
  const guess = (tx: Tx, ip: string) =>
    takeAttempt(
      tx,
      [
        {
          key: keyOf(ip),
          rule: { free: AOT_FREE_GUESSES, maxDelayMs: config.loginMaxDelayMs, windowMs: config.loginWindowMs },
        },
      ],
      AOT_MESSAGES.throttled,
    );

  openRoute(api, platform, portingRoutes.transfer, {
    allow: 'public',
    changesState: false,
    handler: async ({ request }, { body }) => {
      const found = await tenancy.crossAccount('porting', async (tx) => {
        await guess(tx, request.ip);
        const request_ = await requestByKey(tx, body.key);
        if (request_) await notAFailure(tx, [keyOf(request.ip)]);
        return request_;
      });
      if (!found) throw new HttpError(404, AOT_MESSAGES.linkInvalid);
      return found.record;
    },
  });

  openRoute(api, platform, portingRoutes.respond, {
    allow: 'public',
    handler: async ({ request }, { body }) => {
      // A wrong key's guess is counted in a transaction of its own, kept whatever follows.
      const known = await tenancy.crossAccount('porting', async (tx) => {
        await guess(tx, request.ip);
        const live = (await requestByKey(tx, body.key)) !== null;
        if (live) await notAFailure(tx, [keyOf(request.ip)]);
        return live;
      });
      if (!known) throw new HttpError(404, AOT_MESSAGES.linkInvalid);
      const message = await tenancy.crossAccount('porting', async (tx) => {
        const found = await requestByKey(tx, body.key, true);
        if (!found) throw new HttpError(404, AOT_MESSAGES.linkInvalid);
        return respond(tx, found, body, request.ip);
      });
      return { success: true, message };
    },
  });
}

/** Provider admins (in their own account or acting as the customer): the account's numbers only. */
const providerAdmin = (action: 'read' | 'create' | 'update') => [{ resource: 'VHAdmin', action }] as const;

function registerProviderRoutes(api: FastifyInstance, platform: Platform): void {
  tenantRoute(api, platform, portingRoutes.raise, {
    allow: providerAdmin('create'),
    handler: (ctx, { body }) => raise(ctx, platform, body),
  });

  tenantRoute(api, platform, portingRoutes.ofNumber, {
    allow: providerAdmin('read'),
    handler: async ({ db }, { params }) => ({ records: await requestsOfNumber(db, params.id) }),
  });

  tenantRoute(api, platform, portingRoutes.cancel, {
    allow: providerAdmin('update'),
    handler: async (ctx, { params }) => {
      const row = await ctx.db
        .selectFrom('porting_requests')
        .select(['id', 'version', 'number', 'aot_response', 'date_rejected', 'date_cancelled', 'status'])
        .where('id', '=', params.id)
        .forUpdate()
        .executeTakeFirst();
      if (!row) throw notFound();
      assertVersion(ctx, row);
      const open =
        row.status === 'AOT Required' && !row.aot_response && row.date_rejected === null && row.date_cancelled === null;
      if (!open) throw new HttpError(409, AOT_MESSAGES.notOpen);
      await ctx.db
        .updateTable('porting_requests')
        .set({ date_cancelled: new Date() })
        .where('id', '=', row.id)
        .execute();
      await ctx.emit({
        area: 'porting',
        recordId: row.id,
        kind: 'cancel',
        label: row.number,
        after: { cancelled: true },
      });
      return { success: true, message: AOT_MESSAGES.cancelledByAdmin(row.number), id: row.id };
    },
  });
}

/** Raises a porting-away request for a number of the account and mails its holder the link. */
async function raise(
  ctx: Ctx,
  platform: Platform,
  body: { telephoneNumberId: number; datePorting: string; status: 'AOT Required' | 'AOT Not Required' },
) {
  const { db, auth } = ctx;
  const number = await db
    .selectFrom('telephone_numbers')
    .select(['id', 'number'])
    .where('id', '=', body.telephoneNumberId)
    .executeTakeFirst();
  if (!number) throw notFound();
  const holder = await db
    .selectFrom('accounts')
    .select(['email', 'first_name'])
    .where('account_no', '=', auth.accountNo)
    .executeTakeFirstOrThrow();
  const required = body.status === 'AOT Required';
  if (!holder.email) throw new HttpError(400, AOT_MESSAGES.noHolderEmail);
  const open = await db
    .selectFrom('porting_requests')
    .select('id')
    .where('telephone_number_id', '=', number.id)
    .where('status', '=', 'AOT Required')
    .where('aot_response', 'is', null)
    .where('date_rejected', 'is', null)
    .where('date_cancelled', 'is', null)
    .executeTakeFirst();
  if (open && required) throw new HttpError(409, AOT_MESSAGES.alreadyOpen);
  const key = newKey();
  const { id } = await db
    .insertInto('porting_requests')
    .values({
      account_no: auth.accountNo,
      telephone_number_id: number.id,
      number: number.number,
      date_porting: body.datePorting,
      status: body.status,
      aot_response: null,
      aot_date_response: null,
      date_rejected: null,
      date_cancelled: null,
      reason: null,
      responder_name: null,
      company_name: null,
      key_hash: hashKey(key),
      expires_at: keyExpiry(),
      raised_by: auth.userId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const link = (response?: string) => panelLink(platform.config, AOT_PATH, response ? { key, response } : { key });
  await queueMail(db, {
    accountNo: auth.accountNo,
    to: holder.email,
    ...adviceOfTransferMail({
      name: holder.first_name,
      accountNo: auth.accountNo,
      number: number.number,
      datePorting: body.datePorting,
      links: required ? { accept: link('accept'), reject: link('reject') } : { view: link() },
      validDays: AOT_KEY_VALID_DAYS,
    }),
  });
  await ctx.emit({
    area: 'porting',
    recordId: id,
    kind: 'create',
    label: number.number,
    after: { number: number.number, datePorting: body.datePorting, status: body.status },
  });
  return { success: true, message: AOT_MESSAGES.raised(number.number), id };
}
