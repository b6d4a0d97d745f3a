import type { ServerArea } from '../../platform/area.ts';
import * as m018 from './migrations/018-custom-prompts.ts';
import { promptLists, registerPromptRoutes } from './prompts.routes.ts';

export const area: ServerArea = {
  name: 'prompts',
  migrations: { '018-custom-prompts': m018 },
  lists: promptLists,
  routes: registerPromptRoutes,
};
