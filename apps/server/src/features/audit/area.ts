import type { ServerArea } from '../../platform/area.ts';
import { registerAuditRoutes } from './audit.routes.ts';

export const area: ServerArea = {
  name: 'audit',
  routes: registerAuditRoutes,
};
