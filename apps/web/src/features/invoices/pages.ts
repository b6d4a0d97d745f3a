import { type AreaPages, listAndRecord } from '../../platform/areas.ts';
import { invoicesArea, providerInvoicesArea } from './area.ts';

export const invoicesPages: AreaPages = {
  area: invoicesArea,
  routes: listAndRecord(
    () => import('./invoices-page.tsx'),
    () => import('./invoice-pdf-page.tsx'),
  ),
};

export const providerInvoicesPages: AreaPages = {
  area: providerInvoicesArea,
  routes: [{ path: '', load: () => import('./provider-invoices-page.tsx') }],
};
