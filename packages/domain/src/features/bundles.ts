/**
 * Bundles (issue 13, spec 1 §3, §4 "Bundle", §7, §8): monthly call-minute bundles an account
 * enables and ceases, charged on the next invoice (a whole month for every month it was active in).
 */
import { z } from 'zod';
import { route } from '../contract.ts';
import { recordId } from '../fields.ts';
import { saveReply } from '../paging.ts';

/** The provider's bundles: monthly, prices ex VAT. */
export const BUNDLES = [
  {
    id: 1,
    name: 'UK Minutes 1000',
    description: '1,000 minutes to UK landlines and mobiles',
    minutes: 1000,
    pricePence: 1000,
  },
  {
    id: 2,
    name: 'UK Minutes 3000',
    description: '3,000 minutes to UK landlines and mobiles',
    minutes: 3000,
    pricePence: 2500,
  },
  {
    id: 3,
    name: 'International 200',
    description: '200 minutes to landlines in 40 countries',
    minutes: 200,
    pricePence: 800,
  },
] as const;
export type BundleId = (typeof BUNDLES)[number]['id'];
export const bundleById = (id: number) => BUNDLES.find((b) => b.id === id);

export const BUNDLE_MESSAGES = {
  enabled: (name: string) => `${name} has been enabled`,
  ceased: (name: string) => `${name} has been disabled`,
  /** Spec 1 §8: the failure, followed by the server's message. */
  failed: 'Bundle unsuccessfully enabled/disabled',
  unknown: 'There is no such bundle',
  alreadyActive: 'This bundle is already enabled',
  notActive: 'This bundle is not enabled',
} as const;

export const bundleRecord = z.object({
  bundleId: z.number().int(),
  name: z.string(),
  description: z.string(),
  minutes: z.number().int(),
  /** The monthly price ex VAT; not sent to a wholesale account (spec 1 §6: pricing hidden). */
  pricePence: z.number().int().optional(),
  /** The account's enabled bundle (the id DELETE /bundle/cease/{id} takes), or null. */
  id: z.number().int().nullable(),
  enabledAt: z.string().nullable(),
});
export type BundleRecord = z.infer<typeof bundleRecord>;

export const bundleUsageRecord = z.object({
  id: z.number().int(),
  bundleId: z.number().int(),
  name: z.string(),
  minutes: z.number().int(),
  used: z.number().int(),
});
export type BundleUsage = z.infer<typeof bundleUsageRecord>;

const tag = 'bundles';
export const bundleRoutes = {
  list: route({ method: 'GET', path: '/bundle/list', reply: z.object({ records: z.array(bundleRecord) }), tag }),
  usage: route({ method: 'GET', path: '/bundle/usage', reply: z.object({ records: z.array(bundleUsageRecord) }), tag }),
  enable: route({
    method: 'POST',
    path: '/bundle',
    body: z.object({ bundleId: z.coerce.number().int(), accountNo: z.coerce.number().int().optional() }),
    reply: saveReply.extend({ id: z.number().int().optional() }),
    tag,
  }),
  cease: route({
    method: 'DELETE',
    path: '/bundle/cease/:id',
    params: z.object({ id: recordId() }),
    reply: saveReply,
    tag,
  }),
};
