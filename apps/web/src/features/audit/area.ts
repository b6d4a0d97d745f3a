import HistoryIcon from '@mui/icons-material/History';
import type { AreaDefinition } from '../../platform/areas.ts';

/** The audit log: every write of the account, for those who administer it (account update). */
export const auditArea: AreaDefinition = {
  label: 'Audit Log',
  path: '/audit',
  icon: HistoryIcon,
  group: 'Account',
  rules: [{ resource: 'account', action: 'update' }],
};
