/** The tariff area's calls: the look-up, the documents (listed, and one as a Blob), the deck's pages and edit. */
import { type TariffRateInput, tariffRoutes } from '@switchboard/domain';
import { ifMatch, requestBlob } from '../../platform/api.ts';
import { call } from '../../platform/client.ts';

export const tariffKeys = {
  all: ['tariff'] as const,
  documents: ['tariff', 'documents'] as const,
  rates: (search: string, offset: number) => ['tariff', 'rates', search, offset] as const,
};

export const lookUpCallCost = (number: string) => call(tariffRoutes.callCost, { params: { number } });

export const tariffDocuments = {
  queryKey: tariffKeys.documents,
  queryFn: () => call(tariffRoutes.documents),
};

/** POST /documents/tariff/{name}/{id}: the document's bytes. */
export const tariffDocumentBlob = (name: string, id: number) =>
  requestBlob('POST', `/documents/tariff/${encodeURIComponent(name)}/${id}`);

/** The service tariff (the monthly rentals): the invoices area's tariff PDF, until the service items have their own. */
export const serviceTariffBlob = () => requestBlob('GET', '/tariff/pdf');

export const RATES_PAGE = 25;
export const rateList = (search: string, offset: number) => ({
  queryKey: tariffKeys.rates(search, offset),
  queryFn: () => call(tariffRoutes.rates, { query: { search: search || undefined, offset, limit: RATES_PAGE } }),
});

export const updateRate = (id: number, version: number, body: TariffRateInput) =>
  call(tariffRoutes.updateRate, { params: { id }, body: { ...body, version }, headers: ifMatch(version) });
