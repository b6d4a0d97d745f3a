/**
 * Microsoft Teams direct routing for an account (spec 2: seat and trunk Teams tabs).
 * The sandbox keeps the tenant state in the database and behaves like the service: an account
 * has no Teams tenant until one is created; an admin invitation needs a valid e-mail address.
 */
import type { Transaction } from 'kysely';
import type { DB } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';

export interface TeamsService {
  /**
   * Whether the account has a Teams tenant connected (GET /teams/exists/{id}); inside a
   * transaction pass it, as the embedded database has a single connection.
   */
  accountExists(accountNo: number, trx?: Transaction<Database>): Promise<boolean>;
  /** Sends the tenant admin an invitation to consent to direct routing. */
  sendAdminInvitation(accountNo: number, email: string): Promise<void>;
  /** Creates the Teams tenant connection for the account. */
  createAccount(accountNo: number): Promise<void>;
}

export class TeamsError extends Error {}

export class SandboxTeams implements TeamsService {
  readonly #db: DB;
  constructor(db: DB) {
    this.#db = db;
  }

  async accountExists(accountNo: number, trx?: Transaction<Database>): Promise<boolean> {
    const row = await (trx ?? this.#db)
      .selectFrom('teams_accounts')
      .select('account_no')
      .where('account_no', '=', accountNo)
      .where('created_at', 'is not', null)
      .executeTakeFirst();
    return row !== undefined;
  }

  async sendAdminInvitation(accountNo: number, email: string): Promise<void> {
    // The sandbox refuses the reserved example domain 'invalid' like the real service bounces it.
    if (email.toLowerCase().endsWith('.invalid')) throw new TeamsError('The invitation could not be delivered');
    await this.#db
      .insertInto('teams_accounts')
      .values({ account_no: accountNo, admin_email: email, invited_at: new Date(), created_at: null })
      .onConflict((oc) => oc.column('account_no').doUpdateSet({ admin_email: email, invited_at: new Date() }))
      .execute();
  }

  async createAccount(accountNo: number): Promise<void> {
    await this.#db
      .insertInto('teams_accounts')
      .values({ account_no: accountNo, admin_email: null, invited_at: null, created_at: new Date() })
      .onConflict((oc) => oc.column('account_no').doUpdateSet({ created_at: new Date() }))
      .execute();
  }
}
