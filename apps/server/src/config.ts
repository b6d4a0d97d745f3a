/** Server configuration from the environment, with the spec's defaults. */
import fs from 'node:fs';
import path from 'node:path';
import { type ProviderName, TIMINGS } from '@switchboard/domain';

export interface Config {
  port: number;
  host: string;
  /** PostgreSQL connection string; when absent the embedded PGlite database in dataDir is used. */
  databaseUrl: string | undefined;
  /**
   * PostgreSQL: who runs the migrations, the tables' owner (MIGRATION_DATABASE_URL; default: the
   * DATABASE_URL, which then must be the owner: development with ALLOW_PRIVILEGED_DATABASE_LOGIN).
   */
  migrationDatabaseUrl: string | undefined;
  /** PostgreSQL: the cross-account login (CROSS_ACCOUNT_DATABASE_URL; default: DATABASE_URL's user + '_cross'). */
  crossAccountDatabaseUrl: string | undefined;
  /**
   * Serve although DATABASE_URL is a login that could read tenant tables without choosing a role
   * (a superuser, the owner): development only (ALLOW_PRIVILEGED_DATABASE_LOGIN=true). The named
   * cross-account uses then share its pool.
   */
  allowPrivilegedDatabaseLogin: boolean;
  /** Folder of the embedded database and the file store. `memory` keeps PGlite in memory (tests). */
  dataDir: string;
  /** Where uploaded files (music on hold, prompts, ...) are kept: a local folder (the default) or an S3 bucket. */
  fileStore: FileStoreConfig;
  /** The embedded database's shared buffers (PGLITE_SHARED_BUFFERS, e.g. '64MB'); undefined: its default. */
  pgliteSharedBuffers: string | undefined;
  authTokenName: string;
  /** Sliding server-side session lifetime. */
  sessionTtlMs: number;
  /** Secure cookies (behind TLS). */
  secureCookies: boolean;
  /**
   * Sign-in failures allowed (per username and address pair / per address) before each further
   * attempt must wait, doubling from 1 s up to loginMaxDelayMs; a key quiet for the window starts again.
   */
  loginMaxPerUsername: number;
  loginMaxPerAddress: number;
  loginWindowMs: number;
  loginMaxDelayMs: number;
  webDist: string | undefined;
  seedDemo: boolean;
  /**
   * The build's first-start snapshot (FIRST_START_SNAPSHOT, a folder; '' for none): an empty embedded
   * database starts from it, already migrated and seeded, when it matches (first-start.ts).
   */
  firstStartSnapshot: string | undefined;
  /** Take the client address from X-Forwarded-For (behind a load balancer). */
  trustProxy: boolean;
  /** PostgreSQL: a statement running longer is cancelled; a connection not made in time fails. */
  dbStatementTimeoutMs: number;
  dbConnectTimeoutMs: number;
  logLevel: string;
  /**
   * Whether a provider that is not configured is its sandbox (SANDBOX_PROVIDERS; default: true on
   * the embedded database only, the demo) or unavailable (every call that needs it refused).
   */
  sandboxProviders: boolean;
  /** SMTP server of the e-mail provider (smtp[s]://user:pass@host:port); unset: the sandbox outbox. */
  smtpUrl: string | undefined;
  /** The From of every e-mail. */
  mailFrom: string;
  /**
   * Stripe keys (all three set: Stripe takes card payments; else the sandbox). `apiBase`
   * (STRIPE_API_BASE, e.g. http://127.0.0.1:12111) sends every Stripe client's requests (card
   * payments and Stripe Identity) to another server answering like Stripe's API instead of
   * api.stripe.com: for tests only.
   */
  stripe: {
    secretKey: string | undefined;
    publishableKey: string | undefined;
    webhookSecret: string | undefined;
    apiBase?: string | undefined;
  };
  /**
   * Identity checks: Stripe Identity when the Stripe keys (`stripe`, with its `apiBase`) and the
   * identity webhook's signing secret are set; else the sandbox.
   */
  identity: { webhookSecret: string | undefined };
  /**
   * PayPal REST app credentials; unset: the sandbox PayPal. `live` false: PayPal's own sandbox.
   * `webhookId`: the app's webhook (PAYPAL_WEBHOOK_ID) its webhooks are verified against.
   * `apiBase`: PayPal's REST base for the webhook's verification (tests: a local server).
   */
  paypal: {
    clientId: string | undefined;
    clientSecret: string | undefined;
    live: boolean;
    webhookId?: string | undefined;
    apiBase?: string | undefined;
  };
  /**
   * GoCardless, the Direct Debit bureau (features/direct-debit): used when the access token and
   * the webhook endpoint's secret are both set; else the sandbox bureau. `environment`: 'live' or
   * GoCardless's sandbox. `apiBase` (GOCARDLESS_API_BASE): another server answering like
   * GoCardless's API, for tests only.
   */
  gocardless: {
    accessToken: string | undefined;
    webhookSecret: string | undefined;
    environment: 'live' | 'sandbox';
    apiBase?: string | undefined;
  };
  /**
   * Postcoder (Allies Computing), one key for the direct-debit wizard's bank check and postcode
   * addresses (providers/bank): used when `apiKey` (POSTCODER_API_KEY) is set; else the sandbox
   * tables. `apiBase` (POSTCODER_API_BASE): another server answering like Postcoder, for tests only;
   * `timeoutMs`: how long a call may take (default 5 s) before the check is unavailable.
   */
  postcoder: { apiKey: string | undefined; apiBase?: string | undefined; timeoutMs?: number | undefined };
  /**
   * The SMS gateway (features/sms, providers/sms): Twilio when SMS_GATEWAY=twilio with
   * TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN; else the sandbox (or none). `webhookUrl`
   * (SMS_WEBHOOK_URL, default PUBLIC_URL + /api/v1/sms/webhook): the URL the gateway posts its status
   * reports and inbound texts to, which its signature covers. `apiBase` (TWILIO_API_BASE): another
   * server answering like Twilio, for tests only. `sandboxSecret` (SMS_WEBHOOK_SECRET): the sandbox's
   * signing key (default random per process).
   */
  sms: SmsGatewaySettings;
  // ---- account lifecycle (registration, set-password links) ----
  /** The panel's address as users reach it: the links in e-mails start with it. */
  publicUrl: string;
  /** MaxMind GeoLite2/GeoIP2 country database file; unset: the sandbox geo-IP. */
  geoipDbPath: string | undefined;
  /** Companies House API key; unset: the sandbox company register. */
  companiesHouseApiKey: string | undefined;
  /** HMAC key of the registration captcha (ALTCHA); unset: a random key per start. */
  captchaHmacKey: string | undefined;
  /** Registrations allowed per address in the sign-in window before each further one waits. */
  registrationsPerAddress: number;
  /** The largest balance adjustment a provider admin may post at once, in pence (BALANCE_ADJUSTMENT_MAX_POUNDS). */
  maxAdjustmentPence: number;
  panel: {
    idleTimeoutMs: number;
    logoutCountdownSeconds: number;
    keepAliveMs: number;
    loginUrl: string;
    userManagerUrl: string;
    liveChatUrl: string;
    helpUrl: string;
  };
}

/** The SMS gateway's settings (providers/sms). */
export interface SmsGatewaySettings {
  /** 'twilio', or unset: the sandbox (or none). */
  gateway: 'twilio' | undefined;
  accountSid: string | undefined;
  authToken: string | undefined;
  /** Twilio's API base (tests: a local server); default https://api.twilio.com. */
  apiBase?: string | undefined;
  /** The URL the gateway posts its webhooks to (what Twilio signs). */
  webhookUrl: string;
  /** The sandbox's signing key (default: random per process). */
  sandboxSecret?: string | undefined;
}

/** An S3-compatible bucket holding the uploaded files (FILE_STORE=s3; platform/s3-file-store.ts). */
export interface S3Settings {
  bucket: string;
  region: string;
  /** Another S3-compatible server (S3_ENDPOINT, e.g. http://minio:9000); unset: AWS S3 of `region`. */
  endpoint: string | undefined;
  /** Unset: the AWS SDK's own credentials (AWS_* variables, the instance's role). */
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  /** Buckets addressed as endpoint/bucket (most S3-compatible servers) rather than bucket.endpoint. */
  forcePathStyle: boolean;
}

/**
 * The file store (FILE_STORE): `local`, a folder (FILE_STORE_DIR; undefined: DATA_DIR/files, a
 * temporary folder for `memory`), or `s3`, a bucket.
 */
export type FileStoreConfig = { kind: 'local'; dir: string | undefined } | ({ kind: 's3' } & S3Settings);

/** FILE_STORE and its settings; a setting missing or half given is refused at start, naming it. */
function fileStoreConfig(env: NodeJS.ProcessEnv, base: string): FileStoreConfig {
  const kind = env.FILE_STORE || 'local';
  if (kind === 'local') {
    return { kind, dir: env.FILE_STORE_DIR ? path.resolve(base, env.FILE_STORE_DIR) : undefined };
  }
  if (kind !== 's3') throw new Error(`FILE_STORE must be 'local' or 's3', got '${kind}'`);
  if (!env.S3_BUCKET) throw new Error('FILE_STORE=s3 needs S3_BUCKET (the bucket the files go in)');
  if (!env.S3_ACCESS_KEY_ID !== !env.S3_SECRET_ACCESS_KEY) {
    throw new Error('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are set together (or neither, for the SDK’s own)');
  }
  const endpoint = env.S3_ENDPOINT || undefined;
  return {
    kind,
    bucket: env.S3_BUCKET,
    region: env.S3_REGION || 'us-east-1',
    endpoint,
    accessKeyId: env.S3_ACCESS_KEY_ID || undefined,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY || undefined,
    // Another server than AWS's: path style unless told otherwise (MinIO, s3rver and most others).
    forcePathStyle: bool(env.S3_FORCE_PATH_STYLE, endpoint !== undefined),
  };
}

/**
 * Inside a container the server must listen on every interface to be reachable; elsewhere it
 * listens on this machine only unless HOST says otherwise.
 */
function inContainer(env: NodeJS.ProcessEnv): boolean {
  return fs.existsSync('/.dockerenv') || Boolean(env.KUBERNETES_SERVICE_HOST) || env.container !== undefined;
}

/** The settings that configure each provider (the server's start-up log names them for an unavailable one). */
export const PROVIDER_SETTINGS: Readonly<Record<ProviderName, string>> = {
  payments: 'STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET',
  paypal: 'PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET',
  identity: 'STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY, STRIPE_IDENTITY_WEBHOOK_SECRET',
  directDebit: 'GOCARDLESS_ACCESS_TOKEN, GOCARDLESS_WEBHOOK_SECRET',
  bank: 'POSTCODER_API_KEY',
  addresses: 'POSTCODER_API_KEY',
  mail: 'SMTP_URL',
  geoIp: 'GEOIP_DB_PATH',
  companies: 'COMPANIES_HOUSE_API_KEY',
  ems: 'no emergency-address registry is integrated yet',
  sms: 'SMS_GATEWAY=twilio, TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN',
  teams: 'no Microsoft Teams service is integrated yet',
};

/** A true / false setting: unset or empty takes the default. */
function bool(value: string | undefined, fallback: boolean): boolean {
  return value === undefined || value === '' ? fallback : value === 'true';
}

function int(value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isFinite(n)) throw new Error(`Expected a number, got '${value}'`);
  return n;
}

/** A positive amount in pounds (whole or with pence), as pence. */
function poundsToPence(value: string | undefined, fallback: number): number {
  const pounds = int(value, fallback);
  if (!(pounds > 0)) throw new Error(`Expected an amount in pounds above 0, got '${value}'`);
  return Math.round(pounds * 100);
}

/** Where `npm run build` puts the first-start snapshot (first-start.ts). */
export const FIRST_START_SNAPSHOT_DIR = path.resolve(import.meta.dirname, '../dist/first-start');

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const root = path.resolve(import.meta.dirname, '../../..');
  // Relative paths are the user's: npm runs workspace scripts in the workspace folder but records
  // where `npm start` was typed in INIT_CWD.
  const base = env.INIT_CWD ?? process.cwd();
  return {
    port: int(env.PORT, 3000),
    host: env.HOST ?? (inContainer(env) ? '0.0.0.0' : '127.0.0.1'),
    databaseUrl: env.DATABASE_URL || undefined,
    migrationDatabaseUrl: env.MIGRATION_DATABASE_URL || env.DATABASE_URL || undefined,
    crossAccountDatabaseUrl: env.CROSS_ACCOUNT_DATABASE_URL || undefined,
    allowPrivilegedDatabaseLogin: bool(env.ALLOW_PRIVILEGED_DATABASE_LOGIN, false),
    dataDir: env.DATA_DIR ? path.resolve(base, env.DATA_DIR) : path.join(root, 'data'),
    fileStore: fileStoreConfig(env, base),
    pgliteSharedBuffers: env.PGLITE_SHARED_BUFFERS || undefined,
    authTokenName: env.AUTH_TOKEN_NAME ?? 'sb_auth_token',
    sessionTtlMs: int(env.SESSION_TTL_MINUTES, 120) * 60_000,
    secureCookies: env.SECURE_COOKIES === 'true',
    loginMaxPerUsername: int(env.LOGIN_MAX_PER_USERNAME, 5),
    loginMaxPerAddress: int(env.LOGIN_MAX_PER_ADDRESS, 30),
    loginWindowMs: int(env.LOGIN_WINDOW_MINUTES, 15) * 60_000,
    loginMaxDelayMs: int(env.LOGIN_MAX_DELAY_MINUTES, 15) * 60_000,
    // An empty WEB_DIST serves the API alone.
    webDist:
      env.WEB_DIST === undefined ? path.join(root, 'apps/web/dist') : env.WEB_DIST && path.resolve(base, env.WEB_DIST),
    // The demo estate goes into the embedded database by default; into PostgreSQL only when asked.
    firstStartSnapshot:
      env.FIRST_START_SNAPSHOT === undefined
        ? FIRST_START_SNAPSHOT_DIR
        : env.FIRST_START_SNAPSHOT
          ? path.resolve(base, env.FIRST_START_SNAPSHOT)
          : undefined,
    seedDemo: env.SEED_DEMO === undefined || env.SEED_DEMO === '' ? !env.DATABASE_URL : env.SEED_DEMO === 'true',
    trustProxy: env.TRUST_PROXY === 'true',
    dbStatementTimeoutMs: int(env.DB_STATEMENT_TIMEOUT_MS, 15_000),
    dbConnectTimeoutMs: int(env.DB_CONNECT_TIMEOUT_MS, 5_000),
    logLevel: env.LOG_LEVEL ?? 'info',
    // Sandboxes are a choice: by default only the embedded demo database has them.
    sandboxProviders: bool(env.SANDBOX_PROVIDERS, !env.DATABASE_URL),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || 'Switchboard <no-reply@switchboard.example>',
    ...providerSettings(env),
    publicUrl: env.PUBLIC_URL || `http://localhost:${int(env.PORT, 3000)}`,
    geoipDbPath: env.GEOIP_DB_PATH ? path.resolve(base, env.GEOIP_DB_PATH) : undefined,
    companiesHouseApiKey: env.COMPANIES_HOUSE_API_KEY || undefined,
    captchaHmacKey: env.CAPTCHA_HMAC_KEY || undefined,
    registrationsPerAddress: int(env.REGISTRATIONS_PER_ADDRESS, 5),
    maxAdjustmentPence: poundsToPence(env.BALANCE_ADJUSTMENT_MAX_POUNDS, 1000),
    panel: panelSettings(env),
    sms: smsSettings(env),
    ...overrides,
  };
}

/** The external services' settings (card payments, identity checks, PayPal, direct debit, postcodes). */
function providerSettings(
  env: NodeJS.ProcessEnv,
): Pick<Config, 'stripe' | 'identity' | 'paypal' | 'gocardless' | 'postcoder'> {
  return {
    stripe: {
      secretKey: env.STRIPE_SECRET_KEY || undefined,
      publishableKey: env.STRIPE_PUBLISHABLE_KEY || undefined,
      webhookSecret: env.STRIPE_WEBHOOK_SECRET || undefined,
      apiBase: env.STRIPE_API_BASE || undefined,
    },
    identity: { webhookSecret: env.STRIPE_IDENTITY_WEBHOOK_SECRET || undefined },
    paypal: {
      clientId: env.PAYPAL_CLIENT_ID || undefined,
      clientSecret: env.PAYPAL_CLIENT_SECRET || undefined,
      live: env.PAYPAL_ENVIRONMENT === 'live',
      webhookId: env.PAYPAL_WEBHOOK_ID || undefined,
    },
    gocardless: {
      accessToken: env.GOCARDLESS_ACCESS_TOKEN || undefined,
      webhookSecret: env.GOCARDLESS_WEBHOOK_SECRET || undefined,
      environment: env.GOCARDLESS_ENVIRONMENT === 'live' ? 'live' : 'sandbox',
      apiBase: env.GOCARDLESS_API_BASE || undefined,
    },
    postcoder: { apiKey: env.POSTCODER_API_KEY || undefined, apiBase: env.POSTCODER_API_BASE || undefined },
  };
}

/** The SMS gateway's settings (Twilio or the sandbox). */
function smsSettings(env: NodeJS.ProcessEnv): SmsGatewaySettings {
  const publicUrl = env.PUBLIC_URL || `http://localhost:${int(env.PORT, 3000)}`;
  return {
    gateway: env.SMS_GATEWAY === 'twilio' ? 'twilio' : undefined,
    accountSid: env.TWILIO_ACCOUNT_SID || undefined,
    authToken: env.TWILIO_AUTH_TOKEN || undefined,
    apiBase: env.TWILIO_API_BASE || undefined,
    webhookUrl: env.SMS_WEBHOOK_URL || `${publicUrl.replace(/\/$/, '')}/api/v1/sms/webhook`,
    sandboxSecret: env.SMS_WEBHOOK_SECRET || undefined,
  };
}

/** What the panel is told: its timings and the provider's own pages, when it has them. */
function panelSettings(env: NodeJS.ProcessEnv): Config['panel'] {
  return {
    idleTimeoutMs: int(env.PANEL_IDLE_TIMEOUT_MS, TIMINGS.idleTimeoutMs),
    logoutCountdownSeconds: int(env.PANEL_LOGOUT_COUNTDOWN_SECONDS, TIMINGS.logoutCountdownSeconds),
    keepAliveMs: int(env.PANEL_KEEPALIVE_MS, TIMINGS.keepAliveMs),
    loginUrl: env.PANEL_LOGIN_URL ?? '/login',
    // Pages of the panel unless the provider has its own: the account's users (the user manager)
    // and the panel's help page.
    userManagerUrl: env.PANEL_USER_MANAGER_URL ?? '/user-manager',
    liveChatUrl: env.PANEL_LIVE_CHAT_URL ?? 'mailto:support@switchboard.example',
    helpUrl: env.PANEL_HELP_URL ?? '/help',
  };
}
