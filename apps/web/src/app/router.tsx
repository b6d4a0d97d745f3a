/**
 * Routes: /login (public), then the authenticated shell with every built area, lazily loaded — the
 * shell too, so that the login page's first load is the router, the theme and the login form.
 */
import { createBrowserRouter, Outlet, type RouteObject } from 'react-router';
import type { AreaDefinition } from '../platform/areas.ts';
import { CrashPage, ForbiddenPage, NotFoundPage } from '../platform/error-pages.tsx';
import { useSession } from '../platform/session-context.ts';
import { FullPageSpinner } from '../platform/session-provider.tsx';
import { AREAS } from './area-registry.ts';

/** An area's routes open only when every rule allows; otherwise the 403 page. */
function AreaGate({ area }: { area: AreaDefinition }) {
  const { can } = useSession();
  return area.rules.every((r) => can(r.resource, r.action)) ? <Outlet /> : <ForbiddenPage />;
}

/** Areas' public pages (no session, no idle timer): registration, set-password links. */
const publicRoutes: RouteObject[] = AREAS.flatMap((area) =>
  (area.publicRoutes ?? []).map((r) => ({
    path: r.path,
    lazy: async () => ({ Component: (await r.load()).default }),
  })),
);

/** The dashboard counts the built areas only. */
const BUILT_PATHS = AREAS.map((a) => a.path);

const areaRoutes: RouteObject[] = AREAS.filter((area) => area.routes.length > 0).map((area) => ({
  path: area.path,
  element: <AreaGate area={area} />,
  children: area.routes.map((r) => ({
    ...(r.path === '' ? { index: true } : { path: r.path }),
    lazy: async () => ({ Component: (await r.load()).default }),
  })),
}));

export const router = createBrowserRouter([
  {
    errorElement: <CrashPage />,
    // The first page's lazy route loads before anything renders: a spinner meanwhile.
    HydrateFallback: FullPageSpinner,
    children: [
      {
        path: '/login',
        lazy: async () => ({ Component: (await import('../features/session/login-page.tsx')).default }),
      },
      ...publicRoutes,
      {
        lazy: async () => ({ Component: (await import('./authenticated.tsx')).default }),
        children: [
          {
            errorElement: <CrashPage />,
            children: [
              {
                index: true,
                lazy: async () => {
                  const { default: DashboardPage } = await import('../features/dashboard/dashboard-page.tsx');
                  return { Component: () => <DashboardPage builtPaths={BUILT_PATHS} /> };
                },
              },
              ...areaRoutes,
              { path: '/help', lazy: async () => ({ Component: (await import('./help-page.tsx')).default }) },
              { path: '*', element: <NotFoundPage /> },
            ],
          },
        ],
      },
    ],
  },
]);
