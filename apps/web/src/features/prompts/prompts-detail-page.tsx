/** /custom-prompts/{id}: the prompt, a player, its name, where it is used (spec 3 §2), and Delete while unused. */
import { MediaDetailPage } from '../../platform/media/media-detail-page.tsx';
import { prompts } from './api.ts';
import { promptsArea } from './area.ts';

export default function CustomPromptDetailPage() {
  return <MediaDetailPage api={prompts} area={promptsArea} />;
}
