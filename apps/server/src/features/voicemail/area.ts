import type { FastifyInstance } from 'fastify';
import type { ServerArea } from '../../platform/area.ts';
import type { Platform } from '../../platform/platform.ts';
import * as m098 from './migrations/098-voicemail.ts';
import * as m099 from './migrations/099-mail-attachments.ts';
import { voicemailJobs } from './voicemail.deposit.ts';
import { registerDepositRoute } from './voicemail.deposit-route.ts';
import { registerVoicemailRoutes } from './voicemail.routes.ts';
import { registerVoicemailSettingRoutes } from './voicemail.settings.ts';

function routes(api: FastifyInstance, platform: Platform): void {
  registerVoicemailRoutes(api, platform);
  registerVoicemailSettingRoutes(api, platform);
  registerDepositRoute(api, platform);
  // A seat holding messages or greetings is not deleted from under them: its delete names them.
  platform.references.add(
    { kind: 'row:seats', table: 'voicemail_messages', column: 'seat_id', type: 'Voicemail', name: "'messages'" },
    { kind: 'row:seats', table: 'voicemail_greetings', column: 'seat_id', type: 'Voicemail', name: "'greetings'" },
  );
}

export const area: ServerArea = {
  name: 'voicemail',
  migrations: { '098-voicemail': m098, '099-mail-attachments': m099 },
  routes,
  jobs: voicemailJobs,
};
