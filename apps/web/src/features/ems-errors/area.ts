import ReportProblemIcon from '@mui/icons-material/ReportProblem';
import { EMS_ERRORS_COUNT } from '@switchboard/domain';
import { useQuery } from '@tanstack/react-query';
import { type AreaDefinition, readRules } from '../../platform/areas.ts';
import { countQuery } from '../../platform/query-keys.ts';

/** The count of numbers with failed emergency data (the dashboard reads the same query). */
function useEmsErrorCount() {
  return useQuery({ ...countQuery(EMS_ERRORS_COUNT.api), staleTime: 30_000 });
}

/**
 * /ems-errors: numbers whose emergency-service address the registry rejected (spec 3 §2). The
 * sidebar shows it only while such errors exist (spec 1 §2 "Sidebar"). The area's definition
 * stays light (the sidebar loads it with the shell): its count needs no contract or schema.
 */
export const emsErrorsArea: AreaDefinition = {
  label: 'EMS Errors',
  path: '/ems-errors',
  icon: ReportProblemIcon,
  group: 'Numbers & Devices',
  rules: readRules('numbers'),
  useVisible: () => (useEmsErrorCount().data ?? 0) > 0,
};
