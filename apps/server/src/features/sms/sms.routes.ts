/**
 * SMS (spec 3 §2, §3, §4, §5, §7 "SMS", §8; issue 28): the list (POST /sms/{offset}/{limit}, keyset
 * paged newest first) and the id-less delete on the generic resource; the read that marks a received
 * text read (GET /sms/{id}); the send (POST /sms); the originators; the gateway's webhook; the
 * sandbox gateway's inbound text. Permission `mobile` (§6).
 */
import { isProviderAdmin, SMS_MESSAGES, type Sms, smsFields, smsRoutes } from '@switchboard/domain';
import type { FastifyInstance } from 'fastify';
import type { AuthContext } from '../../platform/auth.ts';
import { declaredFields } from '../../platform/declared-fields.ts';
import { forbidden, HttpError, notFound } from '../../platform/errors.ts';
import { field, fieldMap } from '../../platform/fields.ts';
import type { Platform } from '../../platform/platform.ts';
import { assertAvailable } from '../../platform/provider-modes.ts';
import { resource } from '../../platform/resources.ts';
import { openRoute, tenantRoute } from '../../platform/routes.ts';
import { deliverAndApply, webhookRoute } from '../../platform/webhooks.ts';
import { SandboxSmsGateway, SIGNATURE_HEADER } from '../../providers/sms/sms.ts';
import { applySmsEvent, isHeldNumber, originatorsOf, saveSenderIds, senderIdsOf, sendSms } from './sms.logic.ts';

const fields = fieldMap<Sms>('sms_messages', {
  id: field.id(),
  smsId: field.computed('sms_messages.id', 'number'),
  ...declaredFields(smsFields),
  date: field.computed(`to_char(sms_messages.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`, 'text', {
    sortable: true,
    sortSql: 'sms_messages.created_at',
  }),
  costPence: field.number('cost_pence'),
  failure: field.text('failure'),
});

/** The lists' field maps (their sortable and filterable columns are indexed). */
export const smsLists = [fields];

/** The webhook's provider name in the pipeline (one gateway at a time: Twilio's or the sandbox's). */
export const SMS_WEBHOOKS = 'sms';

export function registerSmsRoutes(api: FastifyInstance, platform: Platform): void {
  const texts = registerSmsResource(api, platform);
  registerReadRoutes(api, platform, texts);
  registerSendRoutes(api, platform);
  registerGatewayRoutes(api, platform);
  registerSenderIdRoutes(api, platform);
}

/** The provider's own work, not while acting as a customer. */
const providerAdmin = (auth: AuthContext) => isProviderAdmin(auth) && auth.puppeteer === null;

/** An account's alphanumeric sender IDs: read and replaced by provider admins (the gateway's registration). */
function registerSenderIdRoutes(api: FastifyInstance, platform: Platform): void {
  openRoute(api, platform, smsRoutes.senderIds, {
    allow: providerAdmin,
    changesState: false,
    handler: async (_ctx, { params }) =>
      platform.tenancy.crossAccount('sms', async (tx) => {
        const account = await tx
          .selectFrom('accounts')
          .select('account_no')
          .where('account_no', '=', params.accountNo)
          .executeTakeFirst();
        if (!account) throw notFound();
        return { senderIds: await senderIdsOf(tx, params.accountNo) };
      }),
  });
  openRoute(api, platform, smsRoutes.saveSenderIds, {
    allow: providerAdmin,
    handler: async ({ auth, request }, { params, body }) => {
      if (!auth) throw forbidden();
      await platform.tenancy.crossAccount('sms', (tx) =>
        saveSenderIds(tx, params.accountNo, body.senderIds, {
          actor: { accountNo: auth.homeAccountNo, userId: auth.userId },
          ip: request.ip,
        }),
      );
      return { success: true, message: SMS_MESSAGES.senderIdsSaved };
    },
  });
}

/** The texts as a resource: the keyset list and the id-less delete (the other generic verbs are not the spec's). */
function registerSmsResource(api: FastifyInstance, platform: Platform) {
  return resource(api, platform, {
    area: 'sms',
    routes: {
      ...smsRoutes,
      listByQuery: smsRoutes.list,
      create: smsRoutes.send,
      update: smsRoutes.send,
      patch: smsRoutes.send,
      remove: smsRoutes.read,
    },
    table: 'sms_messages',
    permission: 'mobile',
    fields,
    // Keyset paging (issue 26): newest first by (created_at, id) on sms_messages_account_date_idx.
    defaultSort: { field: 'date', direction: 'desc', keyset: 'timestamptz' },
    label: (s) => (s.direction === 'in' ? `SMS from ${s.from}` : `SMS to ${s.to}`),
    except: ['listByQuery', 'pick', 'create', 'update', 'patch', 'remove', 'read'],
  });
}

type Texts = ReturnType<typeof registerSmsResource>;

/**
 * GET /sms/{id}: the text, as it is; POST /sms/{id}/read: opened by a user who may change texts, a
 * received one not yet read becomes read (0 → 1), a change event — a read-only user's opening changes nothing.
 */
function registerReadRoutes(api: FastifyInstance, platform: Platform, texts: Texts): void {
  tenantRoute(api, platform, smsRoutes.read, {
    allow: texts.rules('read'),
    readOnly: true,
    handler: (ctx, { params }) => texts.read(ctx.db, params.id),
  });
  tenantRoute(api, platform, smsRoutes.markRead, {
    allow: texts.rules('update'),
    handler: async (ctx, { params }) => {
      const before = await texts.read(ctx.db, params.id);
      if (before.status !== 0) return before;
      await ctx.db
        .updateTable('sms_messages')
        .set({ status: 1 })
        .where('id', '=', params.id)
        .where('status', '=', 0)
        .execute();
      const after = await texts.read(ctx.db, params.id);
      await texts.emit(ctx, 'read', params.id, before, after);
      return after;
    },
  });
}

/** The originators and the send (one cross-account transaction: the charge and the texts together). */
function registerSendRoutes(api: FastifyInstance, platform: Platform): void {
  const readers = [{ resource: 'mobile', action: 'read' }] as const;
  tenantRoute(api, platform, smsRoutes.originators, {
    allow: [...readers],
    handler: async ({ db, auth }) => ({ records: await originatorsOf(db, auth.accountNo) }),
  });
  tenantRoute(api, platform, smsRoutes.originatorsOf, {
    allow: [...readers],
    readOnly: true,
    handler: async ({ db, auth }, { body }) => {
      // The session's own account only (row-level security would show no other's numbers anyway).
      if (body.accountNo !== auth.accountNo) throw notFound();
      return { records: await originatorsOf(db, auth.accountNo) };
    },
  });
  openRoute(api, platform, smsRoutes.send, {
    allow: [{ resource: 'mobile', action: 'create' }],
    handler: async ({ auth, request }, { body }) => {
      if (!auth) throw forbidden();
      assertAvailable(platform.providers.sms, 'sms');
      return platform.tenancy.crossAccount('sms', (tx) => sendSms(tx, platform, body, { auth, ip: request.ip }));
    },
  });
}

/** The gateway's signed webhook, and the sandbox gateway's inbound text (provider admins, not acting as a customer). */
function registerGatewayRoutes(api: FastifyInstance, platform: Platform): void {
  webhookRoute(api, platform, smsRoutes.webhook, SMS_WEBHOOKS, {
    verify: (delivery) => {
      const header = delivery.headers[SIGNATURE_HEADER];
      return platform.providers.sms.verify(delivery.rawBody, Array.isArray(header) ? header[0] : header);
    },
    eventId: (event) => (event.kind === 'status' ? `${event.sid}:${event.status}` : event.sid),
    apply: (event) => applySmsEvent(platform, event),
  });
  openRoute(api, platform, smsRoutes.sandboxInbound, {
    allow: (auth) => isProviderAdmin(auth) && auth.puppeteer === null,
    handler: async (_ctx, { body }) => {
      const gateway = platform.providers.sms;
      if (!(gateway instanceof SandboxSmsGateway)) throw new HttpError(409, SMS_MESSAGES.sandboxOnly);
      // Refused before anything is stored (a refusal changes nothing).
      if (!(await isHeldNumber(platform, body.to))) throw new HttpError(404, SMS_MESSAGES.noAccount);
      const { rawBody, signature } = gateway.inbound(body);
      const [outcome] = await deliverAndApply(platform, SMS_WEBHOOKS, {
        rawBody,
        headers: { [SIGNATURE_HEADER]: signature },
      });
      if (outcome === 'ignored') throw new HttpError(404, SMS_MESSAGES.noAccount);
      if (outcome !== 'applied') throw new HttpError(409, SMS_MESSAGES.notDelivered);
      return { success: true, message: SMS_MESSAGES.injected };
    },
  });
}
