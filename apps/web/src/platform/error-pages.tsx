/**
 * The 404, 403, render-crash and section-permission pages with the spec's exact texts (spec 1 §2),
 * shared by the router and by areas that refuse a page or a section themselves.
 */

import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { MESSAGES } from '@switchboard/domain';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';

function Centred({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Box sx={{ textAlign: 'center', py: 8, px: 2 }}>
      <Typography variant="h5" component="h1" gutterBottom>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

export function NotFoundPage() {
  return (
    <Centred title={MESSAGES.notFound}>
      <Button component={RouterLink} to="/" variant="contained" sx={{ mt: 2 }}>
        Dashboard
      </Button>
    </Centred>
  );
}

export function ForbiddenPage() {
  return <Centred title={MESSAGES.forbidden} />;
}

export function CrashPage() {
  return (
    <Centred title={MESSAGES.crashTitle}>
      <Typography color="text.secondary">{MESSAGES.crashBody}</Typography>
      <Button href="/" variant="outlined" sx={{ mt: 2 }}>
        Dashboard
      </Button>
    </Centred>
  );
}

/** For a section of a page the user may not see. */

/** A section the user may not see: 'You do not have the required permissions to access this section.' */
export function SectionForbidden() {
  return <Alert severity="warning">{MESSAGES.sectionForbidden}</Alert>;
}
