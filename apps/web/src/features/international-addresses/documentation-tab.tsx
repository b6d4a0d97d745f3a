/**
 * The Documentation tab: the account's addresses (each with its proof documents' upload and ZIP
 * download, and the modal of the numbers linked to it), then every proof document.
 */
import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import {
  canUseInternational,
  fillPath,
  formatBytes,
  type InternationalAddress,
  internationalRoutes,
  LAYOUT,
  MESSAGES,
  PROOF_TYPE_LABELS,
} from '@switchboard/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage, requestBlob, saveBlob } from '../../platform/api.ts';
import { useSession } from '../../platform/session-context.ts';
import { SimpleTable } from '../../platform/simple-table.tsx';
import { useToast } from '../../platform/toast.ts';
import { AddressDialog } from './address-dialog.tsx';
import { addressesQuery, proofsQuery } from './api.ts';
import { LinksDialog } from './links-dialog.tsx';
import { ProofDialog } from './proof-dialog.tsx';

const fullName = (a: InternationalAddress) => `${a.title} ${a.firstname} ${a.lastname}`;
const addressText = (a: InternationalAddress) => `${a.addressLine1}, ${a.addressLine2}, ${a.county}, ${a.postcode}`;

/** Saves an address's proofs as one ZIP (the server streams it from the file store). */
function useZipDownload() {
  const toast = useToast();
  return async (a: InternationalAddress) => {
    try {
      const blob = await requestBlob('POST', fillPath(internationalRoutes.proofZip.path, { id: a.id }));
      saveBlob(blob, `address-${a.id}-proofs.zip`);
    } catch (error) {
      toast.error(errorMessage(error, MESSAGES.uploadFallback));
    }
  };
}

export function DocumentationTab() {
  const { session } = useSession();
  const addresses = useQuery(addressesQuery);
  const [adding, setAdding] = useState(false);
  const [proofFor, setProofFor] = useState<InternationalAddress | null>(null);
  const [linksOf, setLinksOf] = useState<InternationalAddress | null>(null);
  const download = useZipDownload();
  const narrow = useMediaQuery(`(max-width:${LAYOUT.narrowBreakpoint}px)`);
  const actions = (a: InternationalAddress) => (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, '& button': { whiteSpace: 'nowrap' } }}>
      <Button size="small" variant="outlined" onClick={() => setLinksOf(a)}>
        Numbers ({a.linkCount})
      </Button>
      {canUpdate && (
        <Button size="small" variant="outlined" onClick={() => setProofFor(a)}>
          Upload Proof
        </Button>
      )}
      <Button size="small" disabled={a.proofCount === 0} onClick={() => void download(a)}>
        Download Proofs
      </Button>
    </Box>
  );
  const canAdd = canUseInternational(session, 'create');
  const canUpdate = canUseInternational(session, 'update');
  return (
    <Stack spacing={3}>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 2 }}>
          <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
            Addresses
          </Typography>
          {canAdd && (
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setAdding(true)}>
              Add Address
            </Button>
          )}
        </Box>
        {addresses.isPending && <LinearProgress aria-label="Loading addresses" />}
        {addresses.isError && <Alert severity="error">{errorMessage(addresses.error)}</Alert>}
        {addresses.data && addresses.data.records.length === 0 && <Typography>{MESSAGES.noRecords}</Typography>}
        {addresses.data && addresses.data.records.length > 0 && narrow && (
          <Stack spacing={1} component="ul" aria-label="Addresses" sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {addresses.data.records.map((a) => (
              <Paper key={a.id} component="li" variant="outlined" sx={{ p: 1.5 }}>
                <Typography sx={{ fontWeight: 500 }}>{fullName(a)}</Typography>
                <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                  {addressText(a)}, {a.country} · {a.proofCount} documents
                </Typography>
                {actions(a)}
              </Paper>
            ))}
          </Stack>
        )}
        {addresses.data && addresses.data.records.length > 0 && !narrow && (
          <SimpleTable
            label="Addresses"
            rows={addresses.data.records}
            columns={[
              { header: 'Name', cell: fullName },
              { header: 'Address', cell: addressText },
              { header: 'Country', cell: (a) => a.country },
              { header: 'Documents', cell: (a) => a.proofCount, align: 'right' },
              { header: 'Actions', cell: actions },
            ]}
          />
        )}
      </Paper>
      <ProofsList />
      <AddressDialog open={adding} onClose={() => setAdding(false)} />
      {proofFor && <ProofDialog address={proofFor} onClose={() => setProofFor(null)} />}
      {linksOf && <LinksDialog address={linksOf} onClose={() => setLinksOf(null)} />}
    </Stack>
  );
}

/** Every proof document of the account's addresses. */
function ProofsList() {
  const narrow = useMediaQuery(`(max-width:${LAYOUT.narrowBreakpoint}px)`);
  const proofs = useQuery(proofsQuery);
  const addresses = useQuery(addressesQuery);
  const nameOf = (id: number) => {
    const a = addresses.data?.records.find((r) => r.id === id);
    return a ? fullName(a) : '';
  };
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
        Documents
      </Typography>
      {proofs.isError && <Alert severity="error">{errorMessage(proofs.error)}</Alert>}
      {proofs.data && proofs.data.records.length === 0 && <Typography>{MESSAGES.noRecords}</Typography>}
      {proofs.data && proofs.data.records.length > 0 && (
        <SimpleTable
          label="Documents"
          rows={proofs.data.records}
          columns={
            narrow
              ? [
                  { header: 'Address', cell: (p) => nameOf(p.addressId) },
                  {
                    header: 'Document',
                    cell: (p) => `${PROOF_TYPE_LABELS[p.proofType]}: ${p.fileName} (${formatBytes(p.fileSize)})`,
                    sx: { overflowWrap: 'anywhere' },
                  },
                ]
              : [
                  { header: 'Address', cell: (p) => nameOf(p.addressId) },
                  { header: 'Proof Type', cell: (p) => PROOF_TYPE_LABELS[p.proofType] },
                  { header: 'File', cell: (p) => p.fileName, sx: { overflowWrap: 'anywhere' } },
                  { header: 'Size', cell: (p) => formatBytes(p.fileSize), align: 'right' },
                  { header: 'Uploaded', cell: (p) => new Date(p.uploadedAt).toLocaleString('en-GB') },
                ]
          }
        />
      )}
    </Paper>
  );
}
