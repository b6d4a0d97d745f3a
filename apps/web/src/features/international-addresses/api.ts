/** The international addresses' calls and their query keys (spec 3 §7). */
import { internationalRoutes } from '@switchboard/domain';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { call } from '../../platform/client.ts';

const root = ['international'] as const;
export const internationalKeys = {
  all: root,
  addresses: [...root, 'addresses'] as const,
  proofs: [...root, 'proofs'] as const,
  numbers: [...root, 'numbers'] as const,
  countries: [...root, 'countries'] as const,
  links: (id: number) => [...root, 'links', id] as const,
  restrictions: (country: string) => [...root, 'restrictions', country] as const,
};

export const addressesQuery = queryOptions({
  queryKey: internationalKeys.addresses,
  queryFn: () => call(internationalRoutes.addresses, { params: { offset: -1, limit: -1 }, body: {} }),
});
export const proofsQuery = queryOptions({
  queryKey: internationalKeys.proofs,
  queryFn: () => call(internationalRoutes.proofs, { params: { offset: -1, limit: -1 }, body: {} }),
});
export const numbersQuery = queryOptions({
  queryKey: internationalKeys.numbers,
  queryFn: () => call(internationalRoutes.numbers, { params: { offset: -1, limit: -1 } }),
});
export const countriesQuery = queryOptions({
  queryKey: internationalKeys.countries,
  queryFn: () => call(internationalRoutes.countries),
});
export const linksQuery = (id: number) =>
  queryOptions({
    queryKey: internationalKeys.links(id),
    queryFn: () => call(internationalRoutes.links, { params: { id, offset: -1, limit: -1 } }),
  });
export const restrictionsQuery = (country: string) =>
  queryOptions({
    queryKey: internationalKeys.restrictions(country),
    queryFn: () => call(internationalRoutes.restrictions, { params: { country } }),
  });

/** After a change: every list of the page is read again. */
export const refreshInternational = (client: QueryClient) => client.invalidateQueries({ queryKey: root });
