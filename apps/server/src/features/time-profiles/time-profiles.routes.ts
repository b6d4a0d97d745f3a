/** Routes of time profiles and calendars (/timeprofile, /timeprofilecalendar). */
import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../platform/platform.ts';

export function registerTimeProfileRoutes(_app: FastifyInstance, _platform: Platform): void {}
