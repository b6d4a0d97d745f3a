/**
 * Microsoft Teams direct routing for an account (spec 2: seat and trunk Teams tabs).
 * The sandbox keeps the tenant state in the database and behaves like the service: an account
 * has no Teams tenant until one is created; an admin invitation needs a valid e-mail address.
 */
import { ProviderUnavailableError } from '../../platform/provider-modes.ts';
import type { Tx } from '../../platform/tenancy.ts';

/**
 * Every call is made for the account of the tenant transaction it is given (the sandbox keeps
 * the tenant state in that account's rows; a real service records its answers there too).
 */
export interface TeamsService {
  /** There is no real Teams service integrated yet: the sandbox, or none. */
  readonly kind: 'sandbox' | 'unavailable';
  /** Whether the account has a Teams tenant connected (GET /teams/exists/{id}). */
  accountExists(tx: Tx): Promise<boolean>;
  /** Sends the tenant admin an invitation to consent to direct routing. */
  sendAdminInvitation(tx: Tx, accountNo: number, email: string): Promise<void>;
  /** Creates the Teams tenant connection for the account. */
  createAccount(tx: Tx, accountNo: number): Promise<void>;
}

export class TeamsError extends Error {}

export class SandboxTeams implements TeamsService {
  readonly kind = 'sandbox' as const;
  async accountExists(tx: Tx): Promise<boolean> {
    const row = await tx
      .selectFrom('teams_accounts')
      .select('account_no')
      .where('created_at', 'is not', null)
      .executeTakeFirst();
    return row !== undefined;
  }

  async sendAdminInvitation(tx: Tx, accountNo: number, email: string): Promise<void> {
    // The sandbox refuses the reserved example domain 'invalid' like the real service bounces it.
    if (email.toLowerCase().endsWith('.invalid')) throw new TeamsError('The invitation could not be delivered');
    await tx
      .insertInto('teams_accounts')
      .values({ account_no: accountNo, admin_email: email, invited_at: new Date(), created_at: null })
      .onConflict((oc) => oc.column('account_no').doUpdateSet({ admin_email: email, invited_at: new Date() }))
      .execute();
  }

  async createAccount(tx: Tx, accountNo: number): Promise<void> {
    await tx
      .insertInto('teams_accounts')
      .values({ account_no: accountNo, admin_email: null, invited_at: null, created_at: new Date() })
      .onConflict((oc) => oc.column('account_no').doUpdateSet({ created_at: new Date() }))
      .execute();
  }
}

/**
 * No Teams service (sandboxes off; no real one is integrated yet): no account has a Teams tenant,
 * and inviting an admin or creating one is refused.
 */
export class UnavailableTeams implements TeamsService {
  readonly kind = 'unavailable' as const;
  async accountExists(): Promise<boolean> {
    return false;
  }
  async sendAdminInvitation(): Promise<void> {
    throw new ProviderUnavailableError('teams');
  }
  async createAccount(): Promise<void> {
    throw new ProviderUnavailableError('teams');
  }
}
