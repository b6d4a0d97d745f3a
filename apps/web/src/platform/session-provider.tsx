/**
 * Loads the panel configuration and the session, keeps it alive, watches for idleness and shows
 * the expiry modal (spec 1 §4 "Session"). Unauthenticated visitors see a spinner, then the login page.
 */

import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import {
  type Action,
  can as domainCan,
  type LoginReason,
  MESSAGES,
  type PanelConfig,
  type Resource,
  type RouteReply,
  type Session,
  type sessionRoutes,
  TIMINGS,
} from '@switchboard/domain';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { type NavigateFunction, useLocation, useNavigate } from 'react-router';
import { ApiError, api } from './api.ts';
import { IdleModal } from './idle-modal.tsx';
import { SessionContext, type SessionContextValue } from './session-context.ts';
import { useToast } from './toast.ts';

/**
 * The shell is in the first load, before any contract's schemas: its calls go through the fetch
 * wrapper, typed by the contract's replies (a type-only import of sessionRoutes).
 */
type SessionReply = RouteReply<typeof sessionRoutes.session>;

export function FullPageSpinner() {
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', minHeight: '100vh' }}>
      <CircularProgress aria-label="Loading" />
    </Box>
  );
}

export function loadPanelConfig(): Promise<PanelConfig> {
  return api.get<RouteReply<typeof sessionRoutes.panelConfig>>('/panel/config');
}

/** Sets the back-URL cookie (about 40 minutes). */
function setBackUrlCookie() {
  const expires = new Date(Date.now() + TIMINGS.backUrlCookieMs).toUTCString();
  // biome-ignore lint/suspicious/noDocumentCookie: a plain, non-HttpOnly cookie the provider's pages read back
  document.cookie = `sb_back_url=${encodeURIComponent(window.location.href)}; expires=${expires}; path=/; SameSite=Lax`;
}

/** Goes to a login URL: the panel's own page (a path) by the router in place, another site's by the browser. */
function goTo(navigate: NavigateFunction, url: string) {
  if (url.startsWith('/')) navigate(url, { replace: true });
  else window.location.assign(url);
}

/**
 * The panel configuration and the session: loaded on mount (no session: the login page), kept
 * alive, and read again by `refresh` (gone: the login page, saying it expired).
 */
function useSessionLoad() {
  const [config, setConfig] = useState<PanelConfig | null>(null);
  const [session, setSession] = useState<Session | null>(null);
  const location = useLocation();
  const navigate = useNavigate();

  /** The login page; `reason` (a session that ended) is said there (LOGIN_REASONS). */
  const goToLogin = useCallback(
    (cfg: PanelConfig | null, reason?: LoginReason) => {
      const loginUrl = cfg?.loginUrl ?? '/login';
      const next = `${location.pathname}${location.search}`;
      const query = `${reason ? `reason=${reason}&` : ''}next=${encodeURIComponent(next)}`;
      goTo(navigate, loginUrl.startsWith('/') ? `${loginUrl}?${query}` : loginUrl);
    },
    [location.pathname, location.search, navigate],
  );

  // Initial load: configuration, then the session.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once on mount
  useEffect(() => {
    setBackUrlCookie();
    let cancelled = false;
    (async () => {
      const cfg = await loadPanelConfig().catch(() => null);
      if (cancelled) return;
      setConfig(cfg);
      const s = await fetchSession();
      if (cancelled) return;
      if (!s) goToLogin(cfg);
      else setSession(s);
    })();
    return () => {
      cancelled = true;
    };
  }, []);

  const refresh = useCallback(async () => {
    const s = await fetchSession();
    if (!s) {
      setSession(null);
      goToLogin(config, 'expired');
      return;
    }
    setSession(s);
  }, [config, goToLogin]);

  // Keep-alive.
  useEffect(() => {
    if (!session || !config) return;
    const timer = window.setInterval(() => void refresh(), config.keepAliveMs);
    return () => window.clearInterval(timer);
  }, [session, config, refresh]);

  return { config, session, setSession, goToLogin, refresh };
}

async function fetchSession(): Promise<Session | null> {
  try {
    const reply = await api.get<SessionReply>('/users/auth/session');
    return reply.status === 'success' ? reply : null;
  } catch {
    return null;
  }
}

/** Log Out (or 'Back to Portal' while acting as a customer) and the idle modal's logout. */
function useLogouts({ config, session, setSession, goToLogin, refresh }: ReturnType<typeof useSessionLoad>) {
  const navigate = useNavigate();
  const toast = useToast();
  const queryClient = useQueryClient();
  const impersonating = session !== null && session.puppeteer !== null && session.puppeteer === session.user_id;

  /**
   * Really logs out: GET /users/auth/logout, then the login URL (saying why when the panel ended the
   * session). False (with the toast) on failure.
   */
  const signOut = useCallback(
    async (reason?: LoginReason): Promise<boolean> => {
      try {
        await api.get('/users/auth/logout');
      } catch (error) {
        const code = error instanceof ApiError ? (error.body as { code?: string } | null)?.code : undefined;
        if (code !== 'KRUGER') {
          toast.error(MESSAGES.logoutFailed);
          return false;
        }
      }
      queryClient.clear();
      setSession(null);
      if (reason) goToLogin(config, reason);
      else goTo(navigate, config?.loginUrl ?? '/login');
      return true;
    },
    [config, goToLogin, navigate, queryClient, setSession, toast],
  );

  /** Log Out, or 'Back to Portal' while acting as a customer: ends the disguise, back to /customers. */
  const logout = useCallback(async () => {
    if (!impersonating) {
      await signOut();
      return;
    }
    try {
      await api.delete('/users/auth/disguise');
    } catch {
      toast.error(MESSAGES.logoutFailed);
      return;
    }
    queryClient.clear();
    await refresh();
    navigate('/customers');
  }, [impersonating, navigate, queryClient, refresh, signOut, toast]);

  /**
   * The idle modal's logout (spec 1 §4: at zero the user is logged out): a real logout even while
   * acting as a customer — the disguise is ended first (so it is audited), then the session.
   */
  const idleLogout = useCallback(
    async (reason: 'idle' | 'user') => {
      if (impersonating) {
        // The logout below ends the whole session either way: a failure here must not keep it open.
        await api.delete('/users/auth/disguise').catch(() => undefined);
      }
      if (!(await signOut(reason === 'idle' ? 'idle' : undefined)) && impersonating) {
        // Still signed in, but no longer as the customer: show what the session now is.
        queryClient.clear();
        await refresh();
      }
    },
    [impersonating, queryClient, refresh, signOut],
  );
  return { impersonating, logout, idleLogout };
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const loaded = useSessionLoad();
  const { session, config, refresh } = loaded;
  const { impersonating, logout, idleLogout } = useLogouts(loaded);

  const value = useMemo<SessionContextValue | null>(() => {
    if (!session || !config) return null;
    return {
      session,
      config,
      can: (resource: Resource, action: Action) => domainCan(session, resource, action),
      impersonating,
      refresh,
      logout,
    };
  }, [session, config, impersonating, refresh, logout]);

  if (!value) return <FullPageSpinner />;
  return (
    <SessionContext.Provider value={value}>
      {children}
      <IdleModal
        idleTimeoutMs={value.config.idleTimeoutMs}
        countdownSeconds={value.config.logoutCountdownSeconds}
        onStay={refresh}
        onLogout={idleLogout}
      />
    </SessionContext.Provider>
  );
}
