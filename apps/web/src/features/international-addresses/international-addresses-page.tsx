/**
 * /international-addresses (spec 3 §2): tabs Documentation (the account's addresses, their proof
 * documents, the ZIP download and the linked-numbers modal) and International Restrictions (each
 * country's requirement). Wholesale accounts and provider admins only (§6).
 */
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { AREA_NAMES, canUseInternational } from '@switchboard/domain';
import { useSearchParams } from 'react-router';
import { ForbiddenPage } from '../../platform/error-pages.tsx';
import { useSession } from '../../platform/session-context.ts';
import { DocumentationTab } from './documentation-tab.tsx';
import { RestrictionsTab } from './restrictions-tab.tsx';

const TABS = ['Documentation', 'International Restrictions'] as const;

export default function InternationalAddressesPage() {
  const { session } = useSession();
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab = TABS.find((t) => t === asked) ?? TABS[0];
  if (!canUseInternational(session, 'read')) return <ForbiddenPage />;
  return (
    <Box>
      <Typography variant="h5" component="h1" gutterBottom>
        {AREA_NAMES['international-addresses']}
      </Typography>
      <Tabs
        value={tab}
        onChange={(_e, value: string) => setParams({ tab: value }, { replace: true })}
        variant="scrollable"
        allowScrollButtonsMobile
        aria-label="International addresses"
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        {TABS.map((t, i) => (
          <Tab
            key={t}
            value={t}
            label={t}
            id={`international-tab-${i}`}
            aria-controls={t === tab ? 'international-panel' : undefined}
          />
        ))}
      </Tabs>
      <Box role="tabpanel" id="international-panel" aria-labelledby={`international-tab-${TABS.indexOf(tab)}`}>
        {tab === 'Documentation' ? <DocumentationTab /> : <RestrictionsTab />}
      </Box>
    </Box>
  );
}
