/**
 * The support page (issue 27; spec 3 §2 /support, §6, §9): the provider's settings (one row of a
 * provider-level table, readable by every tenant), the live chat rule for the session's account,
 * the help videos' links (`GET /youtube/videos`), and a provider admin's versioned edit of the
 * settings. Provider admins and retail users only ('You do not have access to view this page').
 */
import {
  canSeeSupport,
  helpVideoIds,
  isProviderAdmin,
  LIVE_CHAT_HOURS,
  liveChatShown,
  MESSAGES,
  PHONE_HOURS,
  SUPPORT_MESSAGES,
  supportRoutes,
} from '@switchboard/domain';
import type { FastifyInstance } from 'fastify';
import { readSupportSettings } from '../../modules/provider-settings/index.ts';
import type { AuthContext } from '../../platform/auth.ts';
import { HttpError } from '../../platform/errors.ts';
import { recordChange } from '../../platform/outbox.ts';
import type { Platform } from '../../platform/platform.ts';
import { openRoute, tenantRoute } from '../../platform/routes.ts';

/** A video's link: a plain link works whether or not the video site can be reached for an embed. */
const videoUrl = (id: string) => `https://www.youtube.com/watch?v=${id}`;

/** Provider admins acting in their own account (the provider's settings are not a customer's). */
const providerAdmin = (auth: AuthContext) => isProviderAdmin(auth) && auth.puppeteer === null;

export function registerSupportRoutes(api: FastifyInstance, platform: Platform): void {
  tenantRoute(api, platform, supportRoutes.read, {
    allow: canSeeSupport,
    handler: async ({ auth, db }) => ({
      ...(await readSupportSettings(db)),
      liveChatShown: liveChatShown(auth),
      liveChatHours: LIVE_CHAT_HOURS,
      phoneHours: PHONE_HOURS,
    }),
  });
  tenantRoute(api, platform, supportRoutes.videos, {
    allow: canSeeSupport,
    handler: async ({ db }) => ({
      records: helpVideoIds((await readSupportSettings(db)).helpVideos).map((id) => ({ id, url: videoUrl(id) })),
    }),
  });
  tenantRoute(api, platform, supportRoutes.settings, {
    allow: providerAdmin,
    handler: async ({ db }) => readSupportSettings(db),
  });
  openRoute(api, platform, supportRoutes.saveSettings, {
    allow: providerAdmin,
    handler: async ({ auth, request }, { body }) => {
      if (!auth) throw new HttpError(401, MESSAGES.sessionRequired);
      return platform.tenancy.crossAccount('provider-settings', async (tx) => {
        const before = await tx
          .selectFrom('support_settings')
          .selectAll()
          .where('id', '=', 1)
          .forUpdate()
          .executeTakeFirstOrThrow();
        if (before.version !== body.version) throw new HttpError(409, MESSAGES.staleVersion);
        const { version: _version, ...values } = body;
        await tx
          .updateTable('support_settings')
          .set({
            email: values.email,
            phone: values.phone,
            postal_address: values.postalAddress,
            live_chat_url: values.liveChatUrl,
            help_videos: values.helpVideos,
            updated_at: new Date(),
          })
          .where('id', '=', 1)
          .execute();
        await recordChange(tx, { accountNo: auth.homeAccountNo, userId: auth.userId }, request.ip, {
          area: 'support',
          recordId: 1,
          kind: 'update',
          label: 'Support settings',
          after: values,
          before: {
            email: before.email,
            phone: before.phone,
            postalAddress: before.postal_address,
            liveChatUrl: before.live_chat_url,
            helpVideos: before.help_videos,
          },
        });
        return { success: true, message: SUPPORT_MESSAGES.saved };
      });
    },
  });
}
