import type { ServerArea } from '../../platform/area.ts';
import { auditLists, registerAuditRoutes } from './audit.routes.ts';
import { auditConsumer } from './audit-consumer.ts';

export const area: ServerArea = {
  name: 'audit',
  lists: auditLists,
  routes: registerAuditRoutes,
  consumers: [auditConsumer],
};
