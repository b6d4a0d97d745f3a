/**
 * The provider's support settings (one row of a provider-level table, readable by every tenant):
 * the support page shows and edits them, and the panel's configuration answers their live chat link
 * (the sidebar's Live Help Chat and the help page), so both name the same place.
 */
import type { SupportSettings } from '@switchboard/domain';
import type { Tx } from '../../platform/tenancy.ts';

export async function readSupportSettings(db: Tx): Promise<SupportSettings> {
  const row = await db
    .selectFrom('support_settings')
    .select(['version', 'email', 'phone', 'postal_address', 'live_chat_url', 'help_videos'])
    .where('id', '=', 1)
    .executeTakeFirstOrThrow();
  return {
    version: row.version,
    email: row.email,
    phone: row.phone,
    postalAddress: row.postal_address,
    liveChatUrl: row.live_chat_url,
    helpVideos: row.help_videos,
  };
}
