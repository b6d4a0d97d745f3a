/** The account's Microsoft Teams tenant (spec 2 §7 "Teams"): used by the seat and trunk Teams tabs. */
import { TEAMS_MESSAGES, teamsRoutes } from '@switchboard/domain';
import type { FastifyInstance } from 'fastify';
import { forbidden, HttpError } from '../../platform/errors.ts';
import type { Platform } from '../../platform/platform.ts';
import { ProviderUnavailableError } from '../../platform/provider-modes.ts';
import { tenantRoute } from '../../platform/routes.ts';

export function registerTeamsRoutes(api: FastifyInstance, platform: Platform): void {
  const teams = platform.providers.teams;

  tenantRoute(api, platform, teamsRoutes.exists, {
    allow: { resource: 'teams', action: 'read' },
    handler: async ({ auth, db }, { params }) => {
      if (params.accountNo !== auth.accountNo) throw forbidden();
      return { teamsAccountExists: await teams.accountExists(db) };
    },
  });

  tenantRoute(api, platform, teamsRoutes.invite, {
    allow: { resource: 'teams', action: 'create' },
    handler: async ({ auth, db, request, emit }, { body }) => {
      if (body.accountNo !== auth.accountNo) throw forbidden();
      try {
        await teams.sendAdminInvitation(db, auth.accountNo, body.email);
      } catch (error) {
        if (error instanceof ProviderUnavailableError) throw error;
        request.log.warn({ err: error }, 'teams invitation failed');
        throw new HttpError(502, TEAMS_MESSAGES.invitationFailed);
      }
      await emit({ area: 'teams', recordId: null, kind: 'invite', after: { email: body.email } });
      return { success: true, message: TEAMS_MESSAGES.invitationSent };
    },
  });

  tenantRoute(api, platform, teamsRoutes.create, {
    allow: { resource: 'teams', action: 'create' },
    handler: async ({ auth, db, request, emit }, { params }) => {
      if (params.accountNo !== auth.accountNo) throw forbidden();
      try {
        await teams.createAccount(db, auth.accountNo);
      } catch (error) {
        if (error instanceof ProviderUnavailableError) throw error;
        request.log.warn({ err: error }, 'teams account creation failed');
        throw new HttpError(502, TEAMS_MESSAGES.createFailed);
      }
      await emit({ area: 'teams', recordId: null, kind: 'create' });
      return { success: true, message: TEAMS_MESSAGES.created };
    },
  });
}
