/** Breadcrumbs: Dashboard > index name > config name with the identifier (platform/breadcrumb.tsx). */
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useLocation } from 'react-router';
import type { DetailCrumbs } from '../platform/breadcrumb.tsx';
import { AREAS } from './area-registry.ts';

/** The shell's own pages (not areas): Dashboard > their name. */
const SHELL_PAGES = [{ path: '/help', label: 'Help' }];

export function PageBreadcrumbs({ detail }: { detail: DetailCrumbs | null }) {
  const { pathname } = useLocation();
  const area =
    AREAS.find((a) => pathname === a.path || pathname.startsWith(`${a.path}/`)) ??
    SHELL_PAGES.find((p) => pathname === p.path);
  const isDetail = area !== undefined && pathname !== area.path;
  return (
    <Breadcrumbs aria-label="breadcrumb" sx={{ mb: 2 }}>
      {area || pathname !== '/' ? (
        <Link component={RouterLink} to="/" underline="hover" color="inherit">
          Dashboard
        </Link>
      ) : (
        <Typography color="text.primary">Dashboard</Typography>
      )}
      {area &&
        (isDetail ? (
          <Link component={RouterLink} to={area.path} underline="hover" color="inherit">
            {area.label}
          </Link>
        ) : (
          <Typography color="text.primary">{area.label}</Typography>
        ))}
      {isDetail &&
        detail?.trail.map((c) => (
          <Link key={c.to} component={RouterLink} to={c.to} underline="hover" color="inherit">
            {c.label}
          </Link>
        ))}
      {isDetail && detail && <Typography color="text.primary">{detail.name}</Typography>}
    </Breadcrumbs>
  );
}
