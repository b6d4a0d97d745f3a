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
import { AREAS, allMigrations } from './areas.ts';
import type { Config } from './config.ts';
import { type DatabaseHandle, migrate, openDatabase } from './db/database.ts';
import { seedDemo } from './demo/seed.ts';
import { resolveAuth } from './platform/auth.ts';
import { registerErrorHandler } from './platform/errors.ts';
import { startHousekeeping } from './platform/housekeeping.ts';
import { createPlatform, type Platform } from './platform/platform.ts';

export const API_BASE = '/api/v1';

export interface BuildOptions {
  /** An already opened database (tests share one per file). */
  database?: DatabaseHandle;
  logger?: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The platform the areas were given (tests reach the tenancy and the outbox through it). */
    platform: Platform;
  }
}

export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const handle = options.database ?? (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }));
  const db = handle.db;
  if (!options.database) {
    await migrate(db, allMigrations());
  }

  const platform = createPlatform(db, config);
  if (!options.database && config.seedDemo) await seedDemo(platform.tenancy);

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
    if (request.url.startsWith(API_BASE)) {
      request.auth = await platform.tenancy.crossAccount('session', (tx) => resolveAuth(tx, request, config));
    }
  });

  await app.register(
    async (api) => {
      for (const area of AREAS) area.routes(api, platform);
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

  // Background work of a serving process (tests drive it themselves: platform.outbox.drain()).
  const stopHousekeeping = options.database ? () => undefined : startHousekeeping(platform.tenancy);
  const outbox = options.database ? null : platform.outbox.start(1000, (error) => app.log.error(error));
  app.decorate('platform', platform);
  app.addHook('onClose', async () => {
    stopHousekeeping();
    outbox?.stop();
    if (!options.database) await handle.close();
  });
  return app;
}
