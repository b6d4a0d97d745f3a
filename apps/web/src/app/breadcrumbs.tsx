/** Breadcrumbs: Dashboard > index name > config name with the identifier. */
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { createContext, type ReactNode, useContext, useEffect, useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { AREAS } from './area-registry.ts';

const DetailContext = createContext<(name: string | null) => void>(() => undefined);

export function BreadcrumbProvider({ children }: { children: (detail: string | null) => ReactNode }) {
  const [detail, setDetail] = useState<string | null>(null);
  return <DetailContext.Provider value={setDetail}>{children(detail)}</DetailContext.Provider>;
}

/** Detail pages name their record in the last crumb, e.g. 'Nuisance callers (3)'. */
export function useBreadcrumb(name: string | null): void {
  const set = useContext(DetailContext);
  useEffect(() => {
    set(name);
    return () => set(null);
  }, [name, set]);
}

export function PageBreadcrumbs({ detail }: { detail: string | null }) {
  const { pathname } = useLocation();
  const area = AREAS.find((a) => pathname === a.path || pathname.startsWith(`${a.path}/`));
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
      {isDetail && detail && <Typography color="text.primary">{detail}</Typography>}
    </Breadcrumbs>
  );
}
