/**
 * The Storage Settings modal's calls (spec 3 §6: callRecordings read to open it; saving is an
 * update of callRecordings): the account's retention days and quota, with its used storage (the
 * sum of its recordings' sizes: an index-only sum over call_recordings_started_idx). An account
 * has the defaults until its first save writes its row; a save is based on the version read.
 */
import {
  BYTES_PER_GB,
  CALL_RECORDING_DEFAULTS,
  CALL_RECORDING_MESSAGES,
  type CallRecordingSettings,
  callRecordingRoutes,
} from '@switchboard/domain';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Platform } from '../../platform/platform.ts';
import { assertVersion } from '../../platform/resources.ts';
import { tenantRoute } from '../../platform/routes.ts';
import type { Tx } from '../../platform/tenancy.ts';
import './tables.ts';

/** An account's retention and quota as saved, or the defaults (version 1: what its first save's row starts at). */
export async function storageSettings(db: Tx, accountNo: number) {
  const row = await db
    .selectFrom('call_recording_settings')
    .select(['id', 'version', 'retention_days', 'quota_gb'])
    .where('account_no', '=', accountNo)
    .executeTakeFirst();
  const quotaGb = row ? Number(row.quota_gb) : CALL_RECORDING_DEFAULTS.quotaGb;
  return {
    id: row?.id ?? null,
    version: row?.version ?? 1,
    retentionDays: row?.retention_days ?? CALL_RECORDING_DEFAULTS.retentionDays,
    quotaGb,
    quotaBytes: Math.round(quotaGb * BYTES_PER_GB),
  };
}

/** The account's recordings: how many, and their bytes. */
export async function usedStorage(db: Tx): Promise<{ recordings: number; usedBytes: number }> {
  const row = await db
    .selectFrom('call_recordings')
    .select([sql<string>`count(*)`.as('n'), sql<string>`coalesce(sum(file_size), 0)`.as('bytes')])
    .executeTakeFirstOrThrow();
  return { recordings: Number(row.n), usedBytes: Number(row.bytes) };
}

export function registerSettingsRoutes(api: FastifyInstance, platform: Platform): void {
  tenantRoute(api, platform, callRecordingRoutes.settings, {
    allow: { resource: 'callRecordings', action: 'read' },
    handler: async ({ db, auth }): Promise<CallRecordingSettings> => {
      const { id: _id, ...settings } = await storageSettings(db, auth.accountNo);
      return { ...settings, ...(await usedStorage(db)) };
    },
  });
  tenantRoute(api, platform, callRecordingRoutes.saveSettings, {
    allow: { resource: 'callRecordings', action: 'update' },
    handler: async (ctx, { body }) => {
      const { db, auth } = ctx;
      const defaults = {
        account_no: auth.accountNo,
        retention_days: CALL_RECORDING_DEFAULTS.retentionDays,
        quota_gb: CALL_RECORDING_DEFAULTS.quotaGb,
      };
      // The first save writes the defaults' row (version 1, as the read answered), then saves over it.
      await db
        .insertInto('call_recording_settings')
        .values(defaults)
        .onConflict((oc) => oc.column('account_no').doNothing())
        .execute();
      const current = await db
        .selectFrom('call_recording_settings')
        .select(['id', 'version'])
        .where('account_no', '=', auth.accountNo)
        .forUpdate()
        .executeTakeFirstOrThrow();
      assertVersion(ctx, current);
      const { id: _before, ...before } = await storageSettings(db, auth.accountNo);
      await db
        .updateTable('call_recording_settings')
        .set({ retention_days: body.retentionDays, quota_gb: body.quotaGb })
        .where('id', '=', current.id)
        .execute();
      const { id: _after, ...after } = await storageSettings(db, auth.accountNo);
      await ctx.emit({
        area: 'call-recording',
        recordId: current.id,
        kind: 'update',
        before,
        after,
        label: 'Storage settings',
      });
      return { success: true, message: CALL_RECORDING_MESSAGES.settingsSaved, id: current.id };
    },
  });
}
