/** The audit log on the web: the list at /audit. */
import { auditRoutes } from '@switchboard/domain';
import { listSource, resourceKeys } from '../../platform/resource.ts';

export const auditKeys = resourceKeys('/audit');
export const auditLog = listSource(auditRoutes.list, { key: auditKeys.lists() });
