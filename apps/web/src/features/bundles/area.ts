import DataUsageIcon from '@mui/icons-material/DataUsage';
import { AREA_NAMES } from '@switchboard/domain';
import { type AreaDefinition, readRules } from '../../platform/areas.ts';

/** /bundles (issue 13): the provider's call bundles, the account's enabled ones and their usage. */
export const bundlesArea: AreaDefinition = {
  label: AREA_NAMES.bundles,
  path: '/bundles',
  icon: DataUsageIcon,
  group: 'Account',
  rules: readRules('bundles'),
};
