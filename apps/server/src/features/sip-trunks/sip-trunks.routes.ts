/** Routes of SIP trunks (/trunk). */
import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../platform/platform.ts';

export function registerSipTrunkRoutes(_app: FastifyInstance, _platform: Platform): void {}
