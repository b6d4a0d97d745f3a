/** The International Restrictions tab: each country's requirement (address, proof and its types) and stock. */
import Alert from '@mui/material/Alert';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { type CountryRestrictions, INTERNATIONAL_STOCK_CAP, LAYOUT, PROOF_TYPE_LABELS } from '@switchboard/domain';
import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '../../platform/api.ts';
import { SimpleTable } from '../../platform/simple-table.tsx';
import { countriesQuery } from './api.ts';

/** What a country's address type asks, in words. */
export const ADDRESS_TYPE_TEXT = {
  none: 'No address needed',
  worldwide: 'An address anywhere',
  national: 'An address in the country',
  local: 'An address in the number’s area',
} as const;

export function proofText(c: Pick<CountryRestrictions, 'regulationRequirement'>): string {
  const r = c.regulationRequirement;
  return r.proofRequired ? r.proofTypes.map((t) => PROOF_TYPE_LABELS[t]).join(', ') : 'Not required';
}

export function RestrictionsTab() {
  const countries = useQuery(countriesQuery);
  const narrow = useMediaQuery(`(max-width:${LAYOUT.narrowBreakpoint}px)`);
  if (countries.isPending) return <LinearProgress aria-label="Loading countries" />;
  if (countries.isError) return <Alert severity="error">{errorMessage(countries.error)}</Alert>;
  const rows = countries.data.records.map((c) => ({ ...c, id: c.country }));
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Each country's regulator says where the user of a number must be and which documents prove it. A number whose
        country needs an address or proof cannot be bought until its address has them. Stock is shown up to{' '}
        {INTERNATIONAL_STOCK_CAP} numbers per area.
      </Typography>
      <SimpleTable
        label="International restrictions"
        rows={rows}
        columns={
          narrow
            ? [
                { header: 'Country', cell: (c) => `${c.name} (+${c.callingCode}), ${c.stock} in stock` },
                {
                  header: 'Requirement',
                  cell: (c) => `${ADDRESS_TYPE_TEXT[c.regulationRequirement.addressType]}; proof: ${proofText(c)}`,
                },
              ]
            : [
                { header: 'Country', cell: (c) => c.name },
                { header: 'Code', cell: (c) => `+${c.callingCode}` },
                { header: 'Address', cell: (c) => ADDRESS_TYPE_TEXT[c.regulationRequirement.addressType] },
                { header: 'Proof', cell: (c) => proofText(c) },
                { header: 'Stock', cell: (c) => c.stock, align: 'right' },
              ]
        }
      />
    </Paper>
  );
}
