/** /music-on-hold/{id}: the music, a player, where it is used, and Delete when it is the account's and unused. */
import { MediaDetailPage } from '../../platform/media/media-detail-page.tsx';
import { music } from './api.ts';
import { musicOnHoldArea } from './area.ts';

export default function MusicDetailPage() {
  return <MediaDetailPage api={music} area={musicOnHoldArea} />;
}
