/**
 * Renders a component as the panel runs it: a query client, the toasts, a router at `url` (so the
 * URL's list state is real) and a signed-in session whose permissions the test chooses.
 */
import type { Action, PanelConfig, Resource, Session } from '@switchboard/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { SessionContext, type SessionContextValue } from '../platform/session-context.ts';
import { markToastStackMounted } from '../platform/toast.ts';
import { ToastStack } from '../platform/toast-stack.tsx';

export const testSession: Session = {
  account_no: '30000',
  name: 'Rita',
  surname: 'Retail',
  permissions: {},
  puppeteer: null,
  user_id: 3,
  parent: '10000',
  accountType: 'postpay',
  accountKind: 'retail',
  company: 'Acme Plumbing',
  username: 'retail',
};

const testConfig: PanelConfig = {
  idleTimeoutMs: 3_600_000,
  logoutCountdownSeconds: 30,
  keepAliveMs: 300_000,
  loginUrl: '/login',
  authTokenName: 'sb_auth_token',
  userManagerUrl: '',
  liveChatUrl: '',
  helpUrl: '',
};

export interface RenderOptions {
  /** The starting URL (path and search). */
  url?: string;
  /** What the signed-in user may do (everything unless told). */
  can?: (resource: Resource, action: Action) => boolean;
  /** The session's own fields, e.g. its permission masks (a provider admin's VHAdmin). */
  session?: Partial<Session>;
}

export function renderPanel(ui: ReactNode, options: RenderOptions = {}) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: 10_000 }, mutations: { retry: false } },
  });
  const session: SessionContextValue = {
    session: { ...testSession, ...options.session },
    config: testConfig,
    can: options.can ?? (() => true),
    impersonating: false,
    refresh: async () => undefined,
    logout: async () => undefined,
  };
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: [options.url ?? '/list'] });
  const user = userEvent.setup();
  const view = render(
    <QueryClientProvider client={queryClient}>
      <SessionContext.Provider value={session}>
        <RouterProvider router={router} />
      </SessionContext.Provider>
      <ToastStack onMounted={markToastStackMounted} />
    </QueryClientProvider>,
  );
  /** The router's current search params. */
  const search = () => new URLSearchParams(router.state.location.search);
  return { ...view, user, router, queryClient, search };
}

/** The texts of a paged table's first column after the selection (its names), row by row. */
export const firstColumn = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((r) => within(r).getAllByRole('cell')[1]?.textContent);
