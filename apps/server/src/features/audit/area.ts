import type { ServerArea } from '../../platform/area.ts';
import { registerAuditRoutes } from './audit.routes.ts';
import { auditConsumer } from './audit-consumer.ts';

export const area: ServerArea = {
  name: 'audit',
  routes: registerAuditRoutes,
  consumers: [auditConsumer],
};
