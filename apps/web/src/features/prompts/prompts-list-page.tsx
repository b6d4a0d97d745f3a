/** /custom-prompts: the account's prompts and the provider's system prompts (read-only), with uses; upload and delete. */
import { MediaListPage } from '../../platform/media/media-list-page.tsx';
import { prompts, promptUpload } from './api.ts';
import { promptsArea } from './area.ts';

export default function CustomPromptsListPage() {
  return (
    <MediaListPage area={promptsArea} api={prompts} upload={{ button: 'Upload Custom Prompt', config: promptUpload }} />
  );
}
