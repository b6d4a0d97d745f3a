import { ADD_NUMBER_DIALOG } from '../../platform/area-dialogs.tsx';
import type { AreaPages } from '../../platform/areas.ts';
import { buyNumbersArea } from './area.ts';

export const buyNumbersPages: AreaPages = {
  area: buyNumbersArea,
  routes: [{ path: '', load: () => import('./number-stock-page.tsx') }],
  dialogs: { [ADD_NUMBER_DIALOG]: () => import('./add-number-wizard.tsx') },
};
