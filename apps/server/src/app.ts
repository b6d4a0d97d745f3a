/** buildApp(config): the Fastify instance used by main.ts and by the tests. */
import fs from 'node:fs';
import path from 'node:path';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { UPLOAD_MAX_BYTES } from '@switchboard/domain';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import { type DatabaseHandle, migrate, openDatabase } from './db/database.ts';
import { seedDemo } from './demo/seed.ts';
import { registerAccessListRoutes } from './features/access-lists/access-lists.routes.ts';
import { registerCustomerRoutes } from './features/customers/customers.routes.ts';
import { registerDestinationRoutes } from './features/destinations/destinations.routes.ts';
import { registerMobileRoutes } from './features/mobile/mobile.routes.ts';
import { registerPromptRoutes } from './features/prompts/prompts.routes.ts';
import { registerSeatRoutes } from './features/seats/seats.routes.ts';
import { registerSessionRoutes } from './features/session/session.routes.ts';
import { registerSipTrunkRoutes } from './features/sip-trunks/sip-trunks.routes.ts';
import { registerTelephoneNumberRoutes } from './features/telephone-numbers/telephone-numbers.routes.ts';
import { registerTimeProfileRoutes } from './features/time-profiles/time-profiles.routes.ts';
import { resolveAuth } from './platform/auth.ts';
import { registerErrorHandler } from './platform/errors.ts';
import { startHousekeeping } from './platform/housekeeping.ts';
import { createPlatform, type Platform } from './platform/platform.ts';

export const API_BASE = '/api/v1';

/** Every area's routes, registered under the API base. A new area adds one line here. */
const AREA_ROUTES: Array<(api: FastifyInstance, platform: Platform) => void> = [
  registerSessionRoutes,
  registerCustomerRoutes,
  registerPromptRoutes,
  registerDestinationRoutes,
  registerAccessListRoutes,
  registerMobileRoutes,
  registerTimeProfileRoutes,
  registerSeatRoutes,
  registerSipTrunkRoutes,
  registerTelephoneNumberRoutes,
];

export interface BuildOptions {
  /** An already opened database (tests share one per file). */
  database?: DatabaseHandle;
  logger?: boolean;
}

export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const handle = options.database ?? (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }));
  const db = handle.db;
  if (!options.database) {
    await migrate(db);
    if (config.seedDemo) await seedDemo(db);
  }

  const platform = createPlatform(db, config);

  const app = Fastify({
    logger: options.logger === false ? false : { level: config.logLevel },
    trustProxy: process.env.TRUST_PROXY === 'true',
    bodyLimit: 1_000_000,
    // The spec's clients call some lists with a trailing slash (POST /trunk/-1/-1/).
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        frameSrc: ["'self'"],
        // Only behind TLS: on plain HTTP (a LAN install, tests) upgrading would break every request.
        upgradeInsecureRequests: config.secureCookies ? [] : null,
      },
    },
  });
  await app.register(cookie);
  await app.register(multipart, { limits: { fileSize: UPLOAD_MAX_BYTES, files: 1 } });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Switchboard API', version: '1.0.0', description: 'The control panel API (spec section 7).' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    if (request.url.startsWith(API_BASE)) request.auth = await resolveAuth(db, request, config);
  });

  await app.register(
    async (api) => {
      for (const register of AREA_ROUTES) register(api, platform);
    },
    { prefix: API_BASE },
  );

  // The built panel (apps/web/dist), with the SPA's index.html for every other GET.
  const dist = config.webDist;
  if (dist && fs.existsSync(path.join(dist, 'index.html'))) {
    await app.register(fastifyStatic, { root: dist, wildcard: false, index: false });
    const indexHtml = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
    app.get('/*', async (request, reply) => {
      const file = path.join(dist, path.normalize(request.url.split('?')[0] ?? '/'));
      if (file.startsWith(dist) && fs.existsSync(file) && fs.statSync(file).isFile()) {
        return reply.sendFile(path.relative(dist, file));
      }
      return reply.type('text/html').header('cache-control', 'no-cache').send(indexHtml);
    });
  }

  const stopHousekeeping = options.database ? () => undefined : startHousekeeping(db);
  app.addHook('onClose', async () => {
    stopHousekeeping();
    if (!options.database) await handle.close();
  });
  return app;
}
