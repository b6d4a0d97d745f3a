/** /custom-prompts: the account's prompts and the provider's system prompts (read-only), with uses; upload and delete. */
import { MediaListPage } from '../../platform/media/media-list-page.tsx';
import { prompts, promptUpload } from './api.ts';

export default function CustomPromptsListPage() {
  return (
    <MediaListPage
      title="Custom Prompts"
      api={prompts}
      resource="prompts"
      path="/custom-prompts"
      upload={{ button: 'Upload Custom Prompt', config: promptUpload }}
    />
  );
}
