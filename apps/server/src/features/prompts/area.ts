import type { ServerArea } from '../../platform/area.ts';
import { registerPromptRoutes } from './prompts.routes.ts';

export const area: ServerArea = {
  name: 'prompts',
  routes: registerPromptRoutes,
};
