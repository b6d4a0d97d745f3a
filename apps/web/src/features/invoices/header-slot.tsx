/**
 * The buttons of the invoices page's header (spec 1 §2): Tariff PDF download, and the slot for the
 * Top Up button (needs prepay read) and the Direct Debit button (needs directDebit read), which the
 * lead adds here from the payments and direct debit areas.
 */
import DownloadIcon from '@mui/icons-material/Download';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../platform/api.ts';
import { TopUpButton } from '../../platform/payments/top-up.tsx';
import { useSession } from '../../platform/session-context.ts';
import { useToast } from '../../platform/toast.ts';
import { downloadTariffPdf } from './api.ts';

export function HeaderSlot() {
  const { can } = useSession();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  return (
    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
      <TopUpButton />
      {can('directDebit', 'read') && (
        <Button variant="outlined" component={Link} to="/billing/directdebit">
          Direct Debit
        </Button>
      )}
      <Button
        variant="outlined"
        startIcon={<DownloadIcon />}
        disabled={busy}
        onClick={() => {
          setBusy(true);
          downloadTariffPdf()
            .catch((error: unknown) => toast.error(errorMessage(error)))
            .finally(() => setBusy(false));
        }}
      >
        Tariff PDF
      </Button>
    </Stack>
  );
}
