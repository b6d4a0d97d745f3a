/** /music-on-hold: the account's music and the provider's (read-only), with uses; upload and delete. */
import { MediaListPage } from '../../platform/media/media-list-page.tsx';
import { music } from './api.ts';
import { musicUpload } from './upload-dialog.tsx';

export default function MusicListPage() {
  return (
    <MediaListPage
      title="Music On Hold"
      api={music}
      resource="musicOnHold"
      path="/music-on-hold"
      upload={{ button: 'Upload Music', config: musicUpload }}
    />
  );
}
