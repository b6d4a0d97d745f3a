/**
 * What every area's routes are given: the configuration, the tenancy (the only way to the
 * database: a tenant transaction or the named escape hatch), the shared registries, the outbox
 * and the external services. The database handle itself stays with the app and the migrations.
 */
import type { Config } from '../config.ts';
import type { DatabaseHandle, DB } from '../db/database.ts';
import { type AddressLookup, type BankLookup, bankLookupsFor } from '../providers/bank/bank.ts';
import { AltchaCaptcha, type Captcha } from '../providers/captcha/captcha.ts';
import { type CompanyRegister, companyRegisterFor } from '../providers/companies-house/companies-house.ts';
import type { DirectDebitCollections } from '../providers/direct-debit/direct-debit.ts';
import { directDebitFor } from '../providers/direct-debit/provider.ts';
import { type EmergencyRegistry, SandboxEmsRegistry, UnavailableEmsRegistry } from '../providers/ems/ems.ts';
import { type GeoIp, geoIpFor } from '../providers/geoip/geoip.ts';
import { type IdentityVerifications, identityVerificationsFor } from '../providers/identity/identity.ts';
import { type MailTransport, mailTransportFor } from '../providers/mail/mail.ts';
import { type CardPayments, cardPaymentsFor } from '../providers/payments/payments.ts';
import { type WalletPayments, walletPaymentsFor } from '../providers/payments/paypal.ts';
import { type SmsGateway, smsGatewayFor } from '../providers/sms/sms.ts';
import { SandboxTeams, type TeamsService, UnavailableTeams } from '../providers/teams/teams.ts';
import { DestinationRegistry } from './destinations.ts';
import type { FieldDef } from './fields.ts';
import { type FileStore, fileStoreRoot, localFileStore } from './file-store.ts';
import { Jobs } from './jobs.ts';
import { Outbox } from './outbox.ts';
import { modeOfKind, type ProviderModes } from './provider-modes.ts';
import { ReferenceRegistry } from './references.ts';
import { RoutingWrites } from './routing-writes.ts';
import { s3FileStore } from './s3-file-store.ts';
import { createTenancy, type Tenancy } from './tenancy.ts';

export interface Platform {
  config: Config;
  tenancy: Tenancy;
  destinations: DestinationRegistry;
  references: ReferenceRegistry;
  /** The checks of writes to routing objects (platform/routing-writes.ts). */
  routing: RoutingWrites;
  /** Every resource's list: its area, table and fields (what the list-indexes test reads). */
  lists: Array<{ area: string; table: string; fields: Readonly<Record<string, FieldDef>> }>;
  outbox: Outbox;
  /** The job queue: scheduled and enqueued work, every area's (platform/jobs.ts). */
  jobs: Jobs;
  /** Uploaded files (music on hold, ...): outside the web root, under generated names; a folder or an S3 bucket. */
  files: FileStore;
  /**
   * External services: each the real provider when configured, else its sandbox when sandboxes
   * are allowed (config.sandboxProviders), else unavailable (every call refused, 503).
   */
  providers: Providers;
  /** How each service is provided (the start-up log and the panel's 'Sandbox' badge read it). */
  providerModes: ProviderModes;
  /** Hands queued e-mails to the mail provider (SMTP, the sandbox outbox, or none: left pending). */
  mail: MailQueue;
  /**
   * Whether the database is the embedded one (PGlite: one connection, which a transaction held for
   * long — a streamed export's cursor — would keep from every other request).
   */
  embedded: boolean;
}

/**
 * The queued e-mails' delivery, as the platform knows it: a mechanism it runs (the mail-delivery
 * job) and the routes call; the mail module provides it (the app wires it in: `createPlatform`).
 */
export interface MailQueue {
  /** Delivers the queued mails (one run at a time per process); answers how many were handled. */
  drain(limit?: number): Promise<number>;
}

/**
 * Builds the mail queue on the platform's tenancy, its mail transport, the sender's address, and the
 * file store (attachments) and job queue (work enqueued once a mail is handed over).
 */
export type MailQueueFactory = (
  tenancy: Tenancy,
  transport: MailTransport,
  from: string,
  services: { files: FileStore; jobs: Jobs },
) => MailQueue;

export interface Providers {
  teams: TeamsService;
  ems: EmergencyRegistry;
  mail: MailTransport;
  // Registration (features/account): geo-IP, the company register, the captcha.
  geoIp: GeoIp;
  companies: CompanyRegister;
  captcha: Captcha;
  /** Card payments (features/payments): Stripe when configured, else the sandbox. */
  payments: CardPayments;
  /** PayPal (features/payments): PayPal's Orders API when configured, else the sandbox. */
  paypal: WalletPayments;
  /** Identity checks (features/identity): Stripe Identity when configured, else the sandbox. */
  identity: IdentityVerifications;
  /** Direct Debit collections (features/direct-debit): GoCardless when configured, else the sandbox bureau. */
  directDebit: DirectDebitCollections;
  /** The direct-debit wizard's bank check and postcode addresses: Postcoder when configured, else the sandbox. */
  bank: BankLookup;
  addresses: AddressLookup;
  /** The SMS gateway (features/sms): Twilio when configured, else the sandbox. */
  sms: SmsGateway;
}

/** Each provider's mode, from its kind (the captcha is computed here, never a sandbox: not listed). */
function modesOf(p: Providers): ProviderModes {
  return {
    payments: modeOfKind(p.payments.kind),
    paypal: modeOfKind(p.paypal.kind),
    identity: modeOfKind(p.identity.kind),
    directDebit: modeOfKind(p.directDebit.name),
    bank: modeOfKind(p.bank.kind),
    addresses: modeOfKind(p.addresses.kind),
    mail: modeOfKind(p.mail.kind),
    geoIp: modeOfKind(p.geoIp.kind),
    companies: modeOfKind(p.companies.kind),
    ems: modeOfKind(p.ems.kind),
    teams: modeOfKind(p.teams.kind),
    sms: modeOfKind(p.sms.kind),
  };
}

function providersFor(tenancy: Tenancy, config: Config): Providers {
  const sandboxes = config.sandboxProviders;
  return {
    // No real Teams service or emergency-address registry is integrated yet: the sandbox or none.
    teams: sandboxes ? new SandboxTeams() : new UnavailableTeams(),
    ems: sandboxes ? new SandboxEmsRegistry(tenancy) : new UnavailableEmsRegistry(),
    mail: mailTransportFor(config.smtpUrl, sandboxes),
    geoIp: geoIpFor(config.geoipDbPath, sandboxes),
    companies: companyRegisterFor(config.companiesHouseApiKey, sandboxes),
    // A proof of work the server signs and checks itself: no third party, so never a sandbox.
    captcha: new AltchaCaptcha(config.captchaHmacKey),
    payments: cardPaymentsFor(config.stripe, sandboxes),
    paypal: walletPaymentsFor(tenancy, config.paypal, sandboxes),
    // The Stripe keys and API base are the card payments' (one Stripe account); the webhook's secret is its own.
    identity: identityVerificationsFor(
      tenancy,
      { ...config.stripe, webhookSecret: config.identity.webhookSecret },
      sandboxes,
    ),
    directDebit: directDebitFor(tenancy, config.gocardless, sandboxes),
    ...bankLookupsFor(config.postcoder, sandboxes),
    sms: smsGatewayFor(tenancy, config.sms, sandboxes),
  };
}

/** The configured file store: the S3 bucket, or the local folder (the default). */
export function fileStoreFor(config: Config): FileStore {
  const settings = config.fileStore;
  if (settings.kind === 's3') return s3FileStore(settings);
  return localFileStore(fileStoreRoot(config.dataDir, settings.dir));
}

/**
 * `mail`: builds the mail queue (the mail module's, wired by the app: the platform imports no module).
 * `handle`: the app's database handle (its cross-account login's connections, the job queue's).
 */
export function createPlatform(
  db: DB,
  config: Config,
  mail: MailQueueFactory,
  log?: (message: string) => void,
  handle: Partial<Pick<DatabaseHandle, 'pglite' | 'pool' | 'cross'>> = {},
): Platform {
  const cross = handle.cross ?? db;
  const tenancy = createTenancy(db, log ? (use) => log(`cross-account: ${use}`) : undefined, cross);
  const providers = providersFor(tenancy, config);
  const jobs = new Jobs({ db: cross, pglite: handle.pglite, pool: handle.pool });
  const files = fileStoreFor(config);
  return {
    config,
    tenancy,
    destinations: new DestinationRegistry(),
    references: new ReferenceRegistry(),
    routing: new RoutingWrites(),
    lists: [],
    outbox: new Outbox(tenancy),
    jobs,
    files,
    providers,
    providerModes: modesOf(providers),
    mail: mail(tenancy, providers.mail, config.mailFrom, { files, jobs }),
    embedded: handle.pglite !== undefined,
  };
}
