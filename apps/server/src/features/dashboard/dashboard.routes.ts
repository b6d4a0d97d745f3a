/** Routes of the dashboard's counts (Account Activity, Account Errors). */
import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../platform/platform.ts';

export function registerDashboardRoutes(_app: FastifyInstance, _platform: Platform): void {}
