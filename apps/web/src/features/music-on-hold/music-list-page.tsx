/** /music-on-hold: the account's music and the provider's (read-only), with uses; upload and delete. */
import Chip from '@mui/material/Chip';
import { formatBytes, type MusicOnHold } from '@switchboard/domain';
import { ListPage } from '../../platform/paged-table/list-page.tsx';
import { deletable, music } from './api.ts';
import { MusicUploadDialog } from './upload-dialog.tsx';

export default function MusicListPage() {
  return (
    <ListPage<MusicOnHold>
      title="Music On Hold"
      source={music.list}
      resource="musicOnHold"
      label={(m) => m.name}
      rowLink={(m) => `/music-on-hold/${m.id}`}
      columns={[
        { field: 'name', header: 'Name' },
        { field: 'count', header: 'Used In' },
        {
          field: 'accountNo',
          header: 'Owner',
          render: (m) =>
            m.accountNo === 0 ? (
              <Chip size="small" label="Provider" variant="outlined" />
            ) : (
              <Chip size="small" label="This account" color="primary" variant="outlined" />
            ),
        },
        { field: 'fileSize', header: 'Size', render: (m) => (m.fileSize ? formatBytes(m.fileSize) : '—') },
        { field: 'uploadedAt', header: 'Uploaded', sortable: false, render: (m) => m.uploadedAt ?? '—' },
      ]}
      // Delete is for the account's own music that nothing uses (spec 3 §4).
      canSelect={deletable}
      remove={(m) => music.remove(m.id)}
      moreAdds={[
        {
          button: 'Upload Music',
          dialog: ({ open, onClose }) => <MusicUploadDialog open={open} onClose={onClose} />,
        },
      ]}
    />
  );
}
