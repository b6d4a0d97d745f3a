/** The wizard's calls: the stock's searches, the service tariff and the purchase. */
import { type AllocateBody, type GeoCountry, type NumberType, buyNumberRoutes as routes } from '@switchboard/domain';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../platform/client.ts';

export const buyKeys = { all: ['buy-numbers'] as const };

export const regionsQuery = (type: NumberType, country: GeoCountry | null) => ({
  queryKey: [...buyKeys.all, 'ranges', type, country] as const,
  queryFn: () =>
    call(routes.ranges, {
      body: { type: type === 'INT' ? 'GEONUM' : type, ...(country ? { country } : {}) },
    }),
});

export const useBlocks = (rangeId: number | null, minimum: number, enabled: boolean) =>
  useQuery({
    queryKey: [...buyKeys.all, 'blocks', rangeId, minimum] as const,
    queryFn: () => call(routes.blocks, { body: { numberRangeId: rangeId ?? 0, minimumRangeSize: minimum } }),
    enabled: enabled && rangeId !== null,
  });

export const useVanity = (rangeId: number | null, classes: readonly number[], filter: string, enabled: boolean) =>
  useQuery({
    queryKey: [...buyKeys.all, 'vanity', rangeId, classes.join(','), filter] as const,
    queryFn: () =>
      call(routes.vanity, {
        body: {
          numberRangeId: rangeId ?? 0,
          platinum: classes.includes(1),
          gold: classes.includes(2),
          silver: classes.includes(3),
          bronze: classes.includes(4),
          filter,
        },
      }),
    enabled: enabled && rangeId !== null && /^\d*$/.test(filter),
  });

export const useTariff = () =>
  useQuery({ queryKey: [...buyKeys.all, 'tariff'] as const, queryFn: () => call(routes.tariff) });

export const purchase = (body: AllocateBody) => call(routes.allocate, { body });
