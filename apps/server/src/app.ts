/** buildApp(config): the Fastify instance used by main.ts and by the tests. */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { UPLOAD_MAX_BYTES } from '@switchboard/domain';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { AREAS, migrateAll } from './areas.ts';
import { type Config, PROVIDER_SETTINGS } from './config.ts';
import { type DatabaseHandle, describeDatabase, openDatabase, waitForDatabase } from './db/database.ts';
import { crossAccountUrl as crossAccountUrlOf, PRIVILEGED_LOGIN_OVERRIDE, servingLoginProblem } from './db/logins.ts';
import { CROSS_ACCOUNT_ROLE, TENANT_ROLE } from './db/tenancy-sql.ts';
import { seedDemoInvoices } from './demo/invoices.ts';
import { moveDemoClock, seedDemo } from './demo/seed.ts';
import { copyPgdata, isFreshDataDir, type UsableSnapshot, usableSnapshot } from './first-start.ts';
import { MailDispatcher } from './modules/mail/index.ts';
import { resolveAuth } from './platform/auth.ts';
import { listenForChanges, listenForChangesEmbedded } from './platform/change-listener.ts';
import { registerErrorHandler } from './platform/errors.ts';
import { copyFiles, localFileStore } from './platform/file-store.ts';
import { housekeepingJob, vacuumAfterWrites, vacuumEmbedded, vacuumWhenDue } from './platform/housekeeping.ts';
import { type JobLog, job } from './platform/jobs.ts';
import { apiDocument } from './platform/openapi.ts';
import { createPlatform, type MailQueueFactory, type Platform } from './platform/platform.ts';
import { providerStartupLines } from './platform/provider-modes.ts';
import { webhookApplyJob, webhookRetriesJob } from './platform/webhooks.ts';

export const API_BASE = '/api/v1';
/** How long /ready waits for the database before answering 503 (a load balancer's check is ~2 s). */
export const READY_TIMEOUT_MS = 1500;

export interface BuildOptions {
  /** An already opened database (tests share one per file). */
  database?: DatabaseHandle;
  logger?: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The platform the areas were given (tests reach the tenancy and the outbox through it). */
    platform: Platform;
    /** Every route registered under the API base, as 'METHOD /path' (the security suite checks each is documented). */
    apiRoutes: readonly string[];
  }
}

/** Fields never written to the log: credentials, secrets and personal data by name. */
const REDACTED = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.password',
  '*.secret',
  '*.token',
  '*.pin',
  '*.internationalPIN',
  '*.faxPassword',
  '*.vmPin',
];

/** A logged error: what went wrong, never the statement's parameters (they can hold secrets). */
function errorForLog(error: unknown): { type: string; message: string; stack: string; [key: string]: unknown } {
  const e = error as { name?: string; message?: string; code?: string; stack?: string; statusCode?: number };
  return {
    type: e?.name ?? 'Error',
    message: e?.message ?? String(error),
    stack: e?.stack ?? '',
    code: e?.code,
    statusCode: e?.statusCode,
  };
}

declare module 'fastify' {
  interface FastifyRequest {
    /** A JSON body as received (webhook signatures). */
    rawBody?: string;
  }
}

/**
 * Readiness (the database answers), for a load balancer. A database that accepts connections and
 * answers nothing must not hang the check: no answer within READY_TIMEOUT_MS is 'unavailable' (the
 * statement itself ends at the pool's query timeout, so no connection is kept for good). PGlite runs
 * in this process and cannot stall this way (a statement it is given runs to its end).
 */
function registerReadiness(app: FastifyInstance, db: DatabaseHandle['db'], where: string): void {
  app.get('/ready', { schema: { hide: true } }, async (_request, reply) => {
    const answered = await Promise.race([
      sql`select 1`.execute(db).then(
        () => true,
        () => false,
      ),
      new Promise<false>((resolve) => setTimeout(() => resolve(false), READY_TIMEOUT_MS).unref()),
    ]);
    if (answered) return { status: 'ready' };
    return reply.status(503).send({ status: 'unavailable', message: `cannot reach ${where}` });
  });
}

/** The configured database's connections for serving (PostgreSQL: the tenant and cross-account logins). */
function openServing(config: Config, bootLog: (message: string) => void): Promise<DatabaseHandle> {
  const url = config.databaseUrl;
  // A privileged development login does everything itself, unless a cross-account login is named.
  const crossAccountUrl =
    url &&
    (config.crossAccountDatabaseUrl ?? (config.allowPrivilegedDatabaseLogin ? undefined : crossAccountUrlOf(url)));
  return openDatabase({
    databaseUrl: url,
    crossAccountUrl,
    dataDir: config.dataDir,
    sharedBuffers: config.pgliteSharedBuffers,
    statementTimeoutMs: config.dbStatementTimeoutMs,
    connectTimeoutMs: config.dbConnectTimeoutMs,
    onPoolError: (error) => bootLog(`a database connection was lost (${error.message}); it will be replaced`),
  });
}

/** PostgreSQL: waits for the database and migrates it as the owner (MIGRATION_DATABASE_URL), on a connection of its own. */
async function migratePostgres(config: Config, bootLog: (message: string) => void): Promise<void> {
  const url = config.migrationDatabaseUrl ?? config.databaseUrl;
  const owner = await openDatabase({
    databaseUrl: url,
    dataDir: config.dataDir,
    connectTimeoutMs: config.dbConnectTimeoutMs,
  });
  try {
    await waitForDatabase(owner.db, describeDatabase(url, config.dataDir), bootLog);
    await migrateAll(owner.db);
  } finally {
    await owner.close();
  }
}

/**
 * The server's check of who it is (PostgreSQL): refuses to serve on a login that could read tenant
 * tables without choosing a role, or become anyone but its role (db/logins.ts), unless the
 * development override is set. PGlite has one user, a superuser: nothing to check.
 */
async function checkServingLogins(handle: DatabaseHandle, config: Config, bootLog: (m: string) => void) {
  if (handle.kind !== 'postgres') return;
  const refuse = (problem: string) => {
    if (!config.allowPrivilegedDatabaseLogin) throw new Error(problem);
    bootLog(`${PRIVILEGED_LOGIN_OVERRIDE}: serving anyway. ${problem}`);
  };
  const tenant = await servingLoginProblem(handle.db, TENANT_ROLE, 'DATABASE_URL');
  if (tenant) refuse(tenant);
  if (handle.cross === handle.db) return;
  const cross = await servingLoginProblem(handle.cross, CROSS_ACCOUNT_ROLE, 'the cross-account login').catch(
    (error: Error) =>
      `the cross-account login (CROSS_ACCOUNT_DATABASE_URL, default DATABASE_URL's user + '_cross') cannot connect ` +
      `(${error.message}): run 'node scripts/db-setup.ts <superuser-url-of-the-database>'.`,
  );
  if (cross) refuse(cross);
}

/**
 * The configured database; an empty embedded one starts from the build's snapshot when it can
 * (first-start.ts): answered with it, so that the caller moves its clock and copies its files.
 */
async function openAppDatabase(
  config: Config,
  bootLog: (message: string) => void,
): Promise<{ handle: DatabaseHandle; snapshot: UsableSnapshot | undefined }> {
  const open = () => openServing(config, bootLog);
  const fresh = !config.databaseUrl && config.seedDemo && config.firstStartSnapshot && isFreshDataDir(config.dataDir);
  const snapshot = fresh && config.firstStartSnapshot ? usableSnapshot(config.firstStartSnapshot, bootLog) : undefined;
  if (!snapshot) return { handle: await open(), snapshot };
  try {
    copyPgdata(snapshot, config.dataDir);
    return { handle: await open(), snapshot };
  } catch (error) {
    bootLog(`the build's snapshot could not be loaded (${(error as Error).message}) — migrating and seeding`);
    fs.rmSync(path.join(config.dataDir, 'pgdata'), { recursive: true, force: true });
    return { handle: await open(), snapshot: undefined };
  }
}

/**
 * The database the app serves, migrated, and its platform: the configured database (or the tests'),
 * started from the build's snapshot or seeded with the demo on a first start.
 */
async function prepareDatabase(
  config: Config,
  options: BuildOptions,
  bootLog: (message: string) => void,
): Promise<{ handle: DatabaseHandle; platform: Platform }> {
  const where = describeDatabase(config.databaseUrl, config.dataDir);
  if (!options.database && config.databaseUrl) await migratePostgres(config, bootLog);
  const { handle, snapshot } = options.database
    ? { handle: options.database, snapshot: undefined }
    : await openAppDatabase(config, bootLog);
  if (!options.database && handle.kind === 'pglite') {
    await waitForDatabase(handle.db, where, bootLog);
    await migrateAll(handle.db);
  }
  try {
    await checkServingLogins(handle, config, bootLog);
  } catch (error) {
    if (!options.database) await handle.close();
    throw error;
  }
  // The mail module's dispatcher delivers the queued mails: wired here, the platform imports no module.
  const mailQueue: MailQueueFactory = (tenancy, transport, from, services) =>
    new MailDispatcher(tenancy, transport, from, services);
  const platform = createPlatform(handle.db, config, mailQueue, undefined, handle);
  if (snapshot) {
    // The snapshot's audio, and its stamps relative to the moment of seeding moved to now.
    await copyFiles(localFileStore(snapshot.filesDir), platform.files);
    await moveDemoClock(platform.tenancy, Date.now() - snapshot.seededAt);
    bootLog(`first start from the build's snapshot (seeded ${new Date(snapshot.seededAt).toISOString()})`);
  } else if (!options.database && config.seedDemo && (await seedDemo(platform.tenancy, platform.files))) {
    // A year of invoices for the retail demo account, by the real billing run (demo/invoices.ts).
    await seedDemoInvoices(platform.tenancy);
  }
  return { handle, platform };
}

/** The Fastify instance: its log (redacted), JSON kept as received, zod validation, the error handler. */
function createFastify(config: Config, options: BuildOptions, platform: Platform): FastifyInstance {
  const logger =
    options.logger === false
      ? false
      : {
          level: config.logLevel,
          redact: { paths: REDACTED, censor: '[redacted]' },
          serializers: { err: errorForLog },
        };
  const app = Fastify({
    logger,
    trustProxy: config.trustProxy,
    bodyLimit: 1_000_000,
    // The spec's clients call some lists with a trailing slash (POST /trunk/-1/-1/).
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();
  // Which services are sandboxes, and which are not available at all: said at start, every start.
  for (const line of providerStartupLines(platform.providerModes, PROVIDER_SETTINGS)) app.log[line.level](line.message);
  app.log.info(`file store: ${platform.files.description}`);
  // JSON bodies are parsed as before (prototype poisoning refused) and kept as received: a payment
  // provider's webhook signature is over the exact bytes (features/payments).
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    request.rawBody = body as string;
    parseJson(request, String(body), done);
  });
  // Form posts (an SMS gateway's webhooks, Twilio's) are kept as received and handed on as that
  // text: the signature is over their parameters, and no route's object schema takes a string.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (request, body, done) => {
    request.rawBody = body as string;
    done(null, body);
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  return app;
}

/** Security headers (the content policy names PayPal and Stripe only when configured), cookies, compression, uploads, the API document. */
async function registerPlugins(app: FastifyInstance, config: Config): Promise<void> {
  // PayPal's JS SDK, its buttons' frames and images, only when PayPal is configured (else the sandbox).
  const paypal = config.paypal.clientId ? ['https://*.paypal.com', 'https://*.paypalobjects.com'] : [];
  // Stripe.js, its Payment Element's frames and its API, only when Stripe is the card provider.
  // (or of identity checks: Stripe Identity's verification window).
  const { secretKey, publishableKey, webhookSecret } = config.stripe;
  const stripeUsed = secretKey && publishableKey && (webhookSecret || config.identity.webhookSecret);
  const stripe = stripeUsed ? ['https://js.stripe.com', 'https://*.stripe.com'] : [];
  const outside = [...paypal, ...stripe];
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...outside],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'", ...outside],
        connectSrc: ["'self'", ...outside],
        // blob: the invoice PDF shown in a frame (/invoice/:id) from the bytes the panel fetched.
        frameSrc: ["'self'", 'blob:', ...outside],
        // Only behind TLS: on plain HTTP (a LAN install, tests) upgrading would break every request.
        upgradeInsecureRequests: config.secureCookies ? [] : null,
      },
    },
  });
  await app.register(cookie);
  // Replies over 1 KB compressed (brotli at a quick level, or gzip): lists and the panel's scripts.
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  await app.register(multipart, { limits: { fileSize: UPLOAD_MAX_BYTES, files: 1 } });
  await app.register(swagger, apiDocument);
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
}

/** The API: every area's routes under API_BASE, each request's caller resolved first; answers the routes registered. */
async function registerApi(app: FastifyInstance, platform: Platform, config: Config): Promise<string[]> {
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    if (request.url.startsWith(API_BASE)) {
      request.auth = await platform.tenancy.crossAccountCall('session', (db) =>
        resolveAuth(db, platform.tenancy, request, config),
      );
    }
  });
  const apiRoutes: string[] = [];
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(API_BASE)) return;
    for (const method of [route.method].flat()) if (method !== 'HEAD') apiRoutes.push(`${method} ${route.url}`);
  });
  await app.register(
    async (api) => {
      for (const area of AREAS) {
        area.routes(api, platform);
        for (const c of area.consumers ?? []) platform.outbox.add(c);
      }
    },
    { prefix: API_BASE },
  );
  return apiRoutes;
}

/** The built panel (apps/web/dist), with the SPA's index.html for every other GET. */
async function registerPanel(app: FastifyInstance, dist: string | undefined): Promise<void> {
  if (!dist || !fs.existsSync(path.join(dist, 'index.html'))) return;
  await app.register(fastifyStatic, {
    root: dist,
    wildcard: false,
    index: false,
    cacheControl: false,
    // Vite names every built asset by its content's hash: cached for good. Anything else is revalidated.
    setHeaders: (res, file) => {
      res.header(
        'cache-control',
        file.startsWith(path.join(dist, 'assets') + path.sep) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
  const indexHtml = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  // The panel's pages, not an API operation: left out of the API document.
  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    // An unknown API path is a JSON 404, not the panel's page.
    if (request.url.startsWith(`${API_BASE}/`) || request.url === API_BASE) {
      return reply.status(404).send({ success: false, message: `Route GET ${request.url.split('?')[0]} not found` });
    }
    const file = path.join(dist, path.normalize(request.url.split('?')[0] ?? '/'));
    if (file.startsWith(dist) && fs.existsSync(file) && fs.statSync(file).isFile()) {
      return reply.sendFile(path.relative(dist, file));
    }
    return reply.type('text/html').header('cache-control', 'no-cache').send(indexHtml);
  });
}

/**
 * Every job: the platform's (housekeeping, the outbox's and the mails' delivery, the inbound
 * webhooks' retries) and the areas'. Their rows are the queue; these runs only drain them, one at a
 * time across processes. A committed change event wakes the outbox's consumers at once (LISTEN /
 * NOTIFY: startBackground), so its job is the slow poll behind the wake-up; the mails' routes drain
 * them as they queue them, their job every ten seconds delivers the others (a job's, a retry).
 */
/** The outbox's poll behind its wake-up (a lost NOTIFY, a consumer's back-off that has passed). */
const OUTBOX_POLL_SECONDS = 30;

function declareJobs(platform: Platform, log: JobLog): void {
  platform.jobs.declare(
    housekeepingJob(platform.tenancy),
    job('outbox-delivery', () => platform.outbox.drain(), { every: OUTBOX_POLL_SECONDS, singleton: true }),
    job('mail-delivery', () => platform.mail.drain(), { every: 10, singleton: true }),
    webhookApplyJob(platform),
    webhookRetriesJob(platform),
    ...AREAS.flatMap((area) => area.jobs?.(platform, log) ?? []),
  );
}

/**
 * Background work of a serving process (tests drive it themselves: platform.outbox.drain()): the
 * job queue's workers, PGlite's vacuum after bursts of writes, the areas' own timers. Answers its stop.
 */
async function startBackground(
  app: FastifyInstance,
  platform: Platform,
  handle: DatabaseHandle,
  log: JobLog,
): Promise<() => Promise<void>> {
  const stopVacuum = handle.kind === 'pglite' ? vacuumAfterBursts(app, handle.db) : () => undefined;
  await platform.jobs.start({ work: true, log });
  // A committed change event wakes the consumers at once (LISTEN / NOTIFY: PostgreSQL's on a
  // connection of its own, PGlite's in-process); the outbox-delivery job is the poll behind it.
  const url = platform.config.databaseUrl;
  const onError = (error: unknown) => log.error(error);
  const listen = handle.pglite
    ? listenForChangesEmbedded(handle.pglite, handle.db, onError)
    : url
      ? listenForChanges(url, onError)
      : undefined;
  const stopListening = listen?.(() => void platform.outbox.drain().catch(onError));
  const stopAreas = AREAS.flatMap((area) => (area.start ? [area.start(platform, log)] : []));
  return async () => {
    stopVacuum();
    stopListening?.();
    for (const stop of stopAreas) stop();
    await platform.jobs.stop();
  };
}

export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const bootLog = (message: string) => console.warn(`[switchboard] ${message}`);
  const { handle, platform } = await prepareDatabase(config, options, bootLog);
  const app = createFastify(config, options, platform);
  await registerPlugins(app, config);

  // Liveness (the process answers) and readiness (the database answers): for a load balancer.
  app.get('/health', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  registerReadiness(app, handle.db, describeDatabase(config.databaseUrl, config.dataDir));
  // API replies carry account data and secrets: never stored by a browser or a proxy.
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith(API_BASE) && !reply.hasHeader('cache-control'))
      reply.header('cache-control', 'no-store');
  });

  const log: JobLog = { info: (m) => app.log.info(m), error: (e) => app.log.error(e) };
  declareJobs(platform, log);
  // Tests that bring their own database run the jobs themselves: the queue only takes them.
  const stopBackground = options.database
    ? await platform.jobs.start({ work: false, log }).then(() => () => platform.jobs.stop())
    : await startBackground(app, platform, handle, log);
  const apiRoutes = await registerApi(app, platform, config);
  await registerPanel(app, config.webDist);
  app.decorate('platform', platform);
  app.decorate('apiRoutes', apiRoutes);
  app.addHook('onClose', async () => {
    await stopBackground();
    platform.files.close?.();
    if (!options.database) await handle.close();
  });
  return app;
}

/** PGlite's vacuum after each burst of writes (housekeeping.ts), told of every request; answers its stop. */
function vacuumAfterBursts(app: FastifyInstance, db: DatabaseHandle['db']): () => void {
  const vacuum = () => vacuumEmbedded(db);
  const schedule = vacuumAfterWrites(vacuum);
  const checks = vacuumWhenDue(schedule, vacuum, { error: (e) => app.log.error(e) });
  app.addHook('onRequest', async () => schedule.started());
  app.addHook('onResponse', async (request, reply) => {
    schedule.ended(!['GET', 'HEAD', 'OPTIONS'].includes(request.method) && reply.statusCode < 400);
    checks.poke();
  });
  return checks.stop;
}
