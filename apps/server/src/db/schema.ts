/** Table types for Kysely (Selectable / Insertable / Updateable derive from these). */
import type { mediaItemFields, userFields } from '@switchboard/domain';
import type { ColumnType, Generated } from 'kysely';
import type { DeclaredColumns } from './declared-columns.ts';

export type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

/** The columns of an area's record row: its id, its account, its version and when it was created. */
export interface RecordRow {
  id: Generated<number>;
  account_no: number;
  /** Incremented by every update (migration 011): an update names the version it was based on. */
  version: Generated<number>;
  created_at: Timestamp;
}

export interface AccountsTable {
  account_no: number;
  parent: number;
  account_type: 'prepay' | 'postpay';
  account_kind: 'wholesale' | 'retail' | 'standard';
  first_name: string;
  surname: string;
  company: string;
  address_line1: string;
  address_line2: string;
  address_city: string;
  address_county: string;
  address_country: string;
  address_postcode: string;
  telephone: string;
  fax: string;
  mobile: string;
  email: string;
  end_user_type: string;
  vulnerable_person: boolean;
  alert: number;
  balance_pence: number;
  primary_colour: string | null;
  accent_colour: string | null;
  logo: Uint8Array | null;
  logo_mime: string | null;
  extension_digits: number;
  created_at: Timestamp;
}

/**
 * A control-panel user: its record row (the version from migration 024), its declared fields (domain
 * userFields: username, name, surname, email, enabled) and what only the server keeps.
 */
export interface UsersTable extends RecordRow, DeclaredColumns<typeof userFields> {
  password_hash: string | null;
  is_holder: boolean;
  avatar: Uint8Array | null;
  avatar_mime: string | null;
}

export interface UserPermissionsTable {
  user_id: number;
  feature_id: number;
  mask: number;
}

export interface SessionsTable {
  token_hash: string;
  user_id: number;
  account_no: number;
  puppeteer: number | null;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  expires_at: Timestamp;
  ip: string;
  user_agent: string;
}

export interface LoginAttemptsTable {
  id: Generated<number>;
  username: string;
  ip: string;
  success: boolean;
  at: Timestamp;
}

export interface AuditLogTable {
  id: Generated<number>;
  at: Timestamp;
  user_id: number | null;
  account_no: number | null;
  action: string;
  target_account_no: number | null;
  details: ColumnType<unknown, string, string>;
  ip: string | null;
  /** The change event it was written from (migration 065; unique: a redelivery writes nothing). */
  change_event_id: number | null;
}

/** A media item's table (prompts, music on hold): the account's uploads and the provider's (account null). */
/** A media item's row (a prompt, a music): its declared name (domain mediaItemFields), its file. */
export interface MediaTable extends DeclaredColumns<typeof mediaItemFields> {
  id: Generated<number>;
  /** null: the provider's item (read-only, shown as account 0). */
  account_no: number | null;
  /** The file store's key of the recording (migration 018); null for the provider's items. */
  file_key: string | null;
  file_size: Generated<number>;
  file_sha256: string | null;
  version: Generated<number>;
  created_at: Timestamp;
}

export type PromptsTable = MediaTable;

export interface TeamsAccountsTable {
  account_no: number;
  admin_email: string | null;
  invited_at: Timestamp | null;
  created_at: Timestamp | null;
  updated_at: Timestamp;
}

export interface ChangeEventsTable {
  id: Generated<number>;
  at: Timestamp;
  account_no: number;
  area: string;
  record_id: number | null;
  kind: string;
  before: ColumnType<unknown, string | null, string | null>;
  after: ColumnType<unknown, string | null, string | null>;
  user_id: number | null;
  puppeteer: number | null;
  ip: string | null;
  /** The record's name when it changed (migration 023), for the audit log. */
  label: Generated<string>;
  /** The recording transaction (migration 065: consumers read in (txid, id) order). */
  txid: Generated<string>;
  /** An act's audit details and the account it was done to (migration 065). */
  details: ColumnType<unknown, string | null, string | null>;
  target_account_no: number | null;
}

export interface SignInThrottleTable {
  key: string;
  failures: Generated<number>;
  blocked_until: Timestamp;
  updated_at: Timestamp;
}

export interface DialPlanTable {
  account_no: number;
  number: number;
  kind: string;
  object_id: number;
}

export interface FoundationTables {
  dial_plan: DialPlanTable;
  sign_in_throttle: SignInThrottleTable;
  change_events: ChangeEventsTable;
  teams_accounts: TeamsAccountsTable;
  accounts: AccountsTable;
  users: UsersTable;
  user_permissions: UserPermissionsTable;
  sessions: SessionsTable;
  login_attempts: LoginAttemptsTable;
  audit_log: AuditLogTable;
  prompts: PromptsTable;
}

/**
 * Every table: the foundation's, merged with each area's (features/<area>/tables.ts declares its
 * tables into this interface with `declare module`).
 */
export interface Database extends FoundationTables {}

/** Tables whose rows belong to one account (tenant scoping by account_no; null: the provider's shared rows). */
export type TenantTable = {
  [K in keyof Database]: Database[K] extends { account_no: number | null; id: Generated<number> } ? K : never;
}[keyof Database];
