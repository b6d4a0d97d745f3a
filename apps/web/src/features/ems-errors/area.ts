import ReportProblemIcon from '@mui/icons-material/ReportProblem';
import type { AreaDefinition } from '../../platform/areas.ts';
import { useEmsErrorCount } from './api.ts';

/**
 * /ems-errors: numbers whose emergency-service address the registry rejected (spec 3 §2). The
 * sidebar shows it only while such errors exist (spec 1 §2 "Sidebar").
 */
export const emsErrorsArea: AreaDefinition = {
  label: 'EMS Errors',
  path: '/ems-errors',
  icon: ReportProblemIcon,
  group: 'Numbers & Devices',
  rules: [{ resource: 'numbers', action: 'read' }],
  routes: [{ path: '', load: () => import('./ems-errors-page.tsx') }],
  useVisible: () => (useEmsErrorCount().data ?? 0) > 0,
};
