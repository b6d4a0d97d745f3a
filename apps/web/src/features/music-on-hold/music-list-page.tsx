/** /music-on-hold: the account's music and the provider's (read-only), with uses; upload and delete. */
import { MediaListPage } from '../../platform/media/media-list-page.tsx';
import { music } from './api.ts';
import { musicOnHoldArea } from './area.ts';
import { musicUpload } from './upload-dialog.tsx';

export default function MusicListPage() {
  return <MediaListPage area={musicOnHoldArea} api={music} upload={{ button: 'Upload Music', config: musicUpload }} />;
}
