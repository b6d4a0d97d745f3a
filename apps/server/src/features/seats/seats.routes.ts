/** Routes of seats (/seat). */
import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../platform/platform.ts';

export function registerSeatRoutes(_app: FastifyInstance, _platform: Platform): void {}
