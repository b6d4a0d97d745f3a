/**
 * A media library's list (spec 3 §2, §4): the account's items beside the provider's (read-only, not
 * selectable), how many records use each, size and upload date; an upload button and delete of the
 * account's unused items.
 *
 *   <MediaListPage area={promptsArea} api={prompts}
 *     upload={{ button: 'Upload Custom Prompt', config: {...} }} />
 */
import Chip from '@mui/material/Chip';
import { formatBytes, mediaItemFields } from '@switchboard/domain';
import type { AreaDefinition } from '../areas.ts';
import { columnOf } from '../fields/declared-fields.ts';
import { AreaListPage } from '../paged-table/area-list-page.tsx';
import { deletableMedia, type MediaApi, type MediaItem } from './media-api.ts';
import { type MediaUploadConfig, MediaUploadDialog } from './media-upload-dialog.tsx';

export interface MediaListPageProps {
  area: AreaDefinition;
  api: MediaApi;
  upload: { button: string; config: MediaUploadConfig };
}

export function MediaListPage({ area, api, upload }: MediaListPageProps) {
  return (
    <AreaListPage<MediaItem>
      area={area}
      api={api}
      label={(m) => m.name}
      columns={[
        columnOf<MediaItem>(mediaItemFields, 'name'),
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
      // Delete is for the account's own items that nothing uses (spec 3 §4).
      canSelect={deletableMedia}
      moreAdds={[
        {
          button: upload.button,
          dialog: ({ open, onClose }) => <MediaUploadDialog open={open} onClose={onClose} config={upload.config} />,
        },
      ]}
    />
  );
}
