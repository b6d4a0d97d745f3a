/**
 * What every area's routes are given: the configuration, the tenancy (the only way to the
 * database: a tenant transaction or the named escape hatch), the shared registries, the outbox
 * and the external services. The database handle itself stays with the app and the migrations.
 */
import type { Config } from '../config.ts';
import type { DB } from '../db/database.ts';
import { type AddressLookup, type BankLookup, bankLookupsFor } from '../providers/bank/bank.ts';
import { AltchaCaptcha, type Captcha } from '../providers/captcha/captcha.ts';
import { type CompanyRegister, companyRegisterFor } from '../providers/companies-house/companies-house.ts';
import type { DirectDebitCollections } from '../providers/direct-debit/direct-debit.ts';
import { directDebitFor } from '../providers/direct-debit/provider.ts';
import { type EmergencyRegistry, SandboxEmsRegistry } from '../providers/ems/ems.ts';
import { type GeoIp, geoIpFor } from '../providers/geoip/geoip.ts';
import { type IdentityVerifications, identityVerificationsFor } from '../providers/identity/identity.ts';
import { type MailTransport, mailTransportFor } from '../providers/mail/mail.ts';
import { type CardPayments, cardPaymentsFor } from '../providers/payments/payments.ts';
import { type WalletPayments, walletPaymentsFor } from '../providers/payments/paypal.ts';
import { SandboxTeams, type TeamsService } from '../providers/teams/teams.ts';
import { DestinationRegistry } from './destinations.ts';
import type { FieldDef } from './fields.ts';
import { type FileStore, fileStoreRoot, localFileStore } from './file-store.ts';
import { MailDispatcher } from './mail.ts';
import { Outbox } from './outbox.ts';
import { ReferenceRegistry } from './references.ts';
import { createTenancy, type Tenancy } from './tenancy.ts';

export interface Platform {
  config: Config;
  tenancy: Tenancy;
  destinations: DestinationRegistry;
  references: ReferenceRegistry;
  /** Every resource's list: its area, table and fields (what the list-indexes test reads). */
  lists: Array<{ area: string; table: string; fields: Readonly<Record<string, FieldDef>> }>;
  outbox: Outbox;
  /** Uploaded files (music on hold, ...): outside the web root, under generated names. */
  files: FileStore;
  /** External services (sandbox implementations by default). */
  providers: {
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
  };
  /** Hands queued e-mails to the mail provider (SMTP, or the sandbox outbox). */
  mail: MailDispatcher;
}

export function createPlatform(db: DB, config: Config, log?: (message: string) => void): Platform {
  const tenancy = createTenancy(db, log ? (use) => log(`cross-account: ${use}`) : undefined);
  const mail = mailTransportFor(config.smtpUrl);
  return {
    config,
    tenancy,
    destinations: new DestinationRegistry(),
    references: new ReferenceRegistry(),
    lists: [],
    outbox: new Outbox(tenancy),
    files: localFileStore(fileStoreRoot(config.dataDir, config.fileStoreDir)),
    providers: {
      teams: new SandboxTeams(),
      ems: new SandboxEmsRegistry(tenancy),
      mail,
      geoIp: geoIpFor(config.geoipDbPath),
      companies: companyRegisterFor(config.companiesHouseApiKey),
      captcha: new AltchaCaptcha(config.captchaHmacKey),
      payments: cardPaymentsFor(config.stripe),
      paypal: walletPaymentsFor(tenancy, config.paypal),
      // The Stripe keys and API base are the card payments' (one Stripe account); the webhook's secret is its own.
      identity: identityVerificationsFor(tenancy, { ...config.stripe, webhookSecret: config.identity.webhookSecret }),
      directDebit: directDebitFor(tenancy, config.gocardless),
      ...bankLookupsFor(config.postcoder),
    },
    mail: new MailDispatcher(tenancy, mail, config.mailFrom),
  };
}
