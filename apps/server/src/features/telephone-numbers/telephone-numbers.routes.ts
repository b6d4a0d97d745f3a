/** Routes of allocated telephone numbers and emergency data (/numbering/allocated). */
import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../platform/platform.ts';

export function registerTelephoneNumberRoutes(_app: FastifyInstance, _platform: Platform): void {}
