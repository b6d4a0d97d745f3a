/**
 * Routes: /login (public), then the authenticated shell with every built area, lazily loaded — the
 * shell too, so that the login page's first load is the router, the theme and the login form.
 *
 * Declared as <Routes> under a <BrowserRouter> (main.tsx), not as a data router: the panel uses no
 * loader, action or blocker, and the data router's machinery (createBrowserRouter) is 17 KB gzip of
 * the first load (31 KB against 13 KB for react-router). Each page is a React.lazy component; the
 * router's navigations are transitions, so the current page stays until the next one has loaded.
 */
import { Component, type ComponentType, type ErrorInfo, lazy, type ReactNode, Suspense } from 'react';
import { Outlet, Route, Routes, useLocation } from 'react-router';
import { type AreaDefinition, type AreaRoute, areaAllows } from '../platform/areas.ts';
import { CrashPage, ForbiddenPage, NotFoundPage } from '../platform/error-pages.tsx';
import { useSession } from '../platform/session-context.ts';
import { FullPageSpinner } from '../platform/session-provider.tsx';
import { AREA_PAGES, AREAS } from './area-registry.ts';

/** An area's routes open only when every rule allows; otherwise the 403 page. */
function AreaGate({ area }: { area: AreaDefinition }) {
  const { can } = useSession();
  return areaAllows(area, can) ? <Outlet /> : <ForbiddenPage />;
}

class Boundary extends Component<{ resetKey: string; children: ReactNode }, { failedAt: string | null }> {
  override state = { failedAt: null as string | null };
  static getDerivedStateFromError() {
    return { failedAt: '' };
  }
  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack);
    this.setState({ failedAt: this.props.resetKey });
  }
  override render() {
    const { failedAt } = this.state;
    // The crash page until the user goes elsewhere (as a data router's errorElement).
    return failedAt !== null && (failedAt === '' || failedAt === this.props.resetKey) ? (
      <CrashPage />
    ) : (
      this.props.children
    );
  }
}

/** A render crash below: the crash page (spec 1 §2), left when the location changes. */
function CrashBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <Boundary resetKey={pathname}>{children}</Boundary>;
}

const page = (load: AreaRoute['load']) => lazy(load);
const LoginPage = page(() => import('../features/session/login-page.tsx'));
const Authenticated = page(() => import('./authenticated.tsx'));
const HelpPage = page(() => import('./help-page.tsx'));
/** The dashboard counts the built areas only. */
const BUILT_PATHS = AREAS.map((a) => a.path);
const DashboardPage = lazy(async () => {
  const { default: Dashboard } = await import('../features/dashboard/dashboard-page.tsx');
  return { default: () => <Dashboard builtPaths={BUILT_PATHS} /> };
});

/** Areas' public pages (no session, no idle timer): registration, set-password links. */
const publicPages = AREA_PAGES.flatMap(({ publicRoutes = [] }) =>
  publicRoutes.map((r) => ({ path: r.path, Page: page(r.load) })),
);

const areaPages = AREA_PAGES.filter(({ routes }) => routes.length > 0).map(({ area, routes }) => ({
  area,
  pages: routes.map((r): { path: string; Page: ComponentType } => ({ path: r.path, Page: page(r.load) })),
}));

/** The authenticated shell's page, in its own crash boundary (the shell stays). */
function ShellPage() {
  return (
    <CrashBoundary>
      <Outlet />
    </CrashBoundary>
  );
}

export function PanelRoutes() {
  return (
    <CrashBoundary>
      {/* The first page loads before anything renders: a spinner meanwhile. */}
      <Suspense fallback={<FullPageSpinner />}>
        <Routes>
          <Route path="/login" element={<LoginPage />} />
          {publicPages.map(({ path, Page }) => (
            <Route key={path} path={path} element={<Page />} />
          ))}
          <Route element={<Authenticated />}>
            <Route element={<ShellPage />}>
              <Route index element={<DashboardPage />} />
              {areaPages.map(({ area, pages }) => (
                <Route key={area.path} path={area.path} element={<AreaGate area={area} />}>
                  {pages.map(({ path, Page }) =>
                    path === '' ? (
                      <Route key="" index element={<Page />} />
                    ) : (
                      <Route key={path} path={path} element={<Page />} />
                    ),
                  )}
                </Route>
              ))}
              <Route path="/help" element={<HelpPage />} />
              <Route path="*" element={<NotFoundPage />} />
            </Route>
          </Route>
        </Routes>
      </Suspense>
    </CrashBoundary>
  );
}
