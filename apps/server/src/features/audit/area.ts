import type { ServerArea } from '../../platform/area.ts';
import { auditConsumer } from './audit-consumer.ts';
import { registerAuditRoutes } from './audit.routes.ts';

export const area: ServerArea = {
  name: 'audit',
  routes: registerAuditRoutes,
  consumers: [auditConsumer],
};
