/** The session as the panel sees it: who is signed in, the effective account, and can(). */
import type { Action, PanelConfig, Resource, Session } from '@switchboard/domain';
import { createContext, useContext } from 'react';

export interface SessionContextValue {
  session: Session;
  config: PanelConfig;
  /** can(resource, action) with the domain's rule — the same one the server enforces. */
  can: (resource: Resource, action: Action) => boolean;
  /** True while a reseller or provider admin acts as a customer (puppeteer === user_id). */
  impersonating: boolean;
  /** Re-reads the session (after disguise changes, say). */
  refresh: () => Promise<void>;
  /** Logs out, or ends the disguise and returns to /customers when impersonating. */
  logout: () => Promise<void>;
}

export const SessionContext = createContext<SessionContextValue | null>(null);

export function useSession(): SessionContextValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession outside SessionProvider');
  return value;
}
