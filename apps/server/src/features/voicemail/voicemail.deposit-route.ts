/**
 * POST /voicemail/deposit: the media server's deposit of a message, with its own credential
 * (`Authorization: Server <id>.<secret>`, role media) — a missing or wrong one is refused before the
 * body is read, so nothing is stored. The audio is received and checked, then stored with its row.
 */
import { voicemailRoutes } from '@switchboard/domain';
import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../platform/platform.ts';
import { serverRoute } from '../../platform/server-routes.ts';
import { deposited, receiveDeposit, storeDeposit } from './voicemail.deposit.ts';

export function registerDepositRoute(api: FastifyInstance, platform: Platform): void {
  serverRoute(api, platform, voicemailRoutes.deposit, {
    role: 'media',
    upload: 'file',
    // The upload limit (20,000,000 bytes) is the multipart file's, enforced while it streams.
    handler: async ({ request }) => {
      const deposit = await receiveDeposit(request, platform);
      return deposited(await storeDeposit(platform, deposit, request.ip));
    },
  });
}
