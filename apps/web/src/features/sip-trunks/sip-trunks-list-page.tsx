/**
 * /sip: the account's SIP trunks; add with the General fields (and a host for Direct IP). A retail
 * account has at most one trunk (spec 2 §6): Add is disabled with the server's reason once it has one.
 */
import Typography from '@mui/material/Typography';
import {
  isProviderAdmin,
  RETAIL_MAX_TRUNKS,
  type SipTrunk,
  type SipTrunkInput,
  sipTrunkBulkEdit,
  sipTrunkFields,
  sipTrunkInput,
  TRUNK_MESSAGES,
  TRUNK_STATUSES,
  TRUNK_TPS_MODES,
} from '@switchboard/domain';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { callRecordingInput, tpsInputs, transportInput } from '../../platform/call-options/call-option-inputs.ts';
import { deviceColumns, deviceFilters } from '../../platform/call-options/device-columns.ts';
import { columnOf, formField } from '../../platform/fields/declared-fields.ts';
import { useCallerIdSource, useNoCallerIds } from '../../platform/fields/option-sources.ts';
import { AreaListPage } from '../../platform/paged-table/area-list-page.tsx';
import { useSession } from '../../platform/session-context.ts';
import { channelsField, generalFields, toValues, trunks } from './api.ts';
import { sipTrunksArea } from './area.ts';

/** What the bulk edit sets. */
type BulkEdit = z.input<typeof sipTrunkBulkEdit>;

export default function SipTrunksListPage() {
  const numbers = useCallerIdSource();
  const noNumbers = useNoCallerIds();
  const { session } = useSession();
  const capped = session.accountKind === 'retail' && !isProviderAdmin(session);
  const count = useQuery({ ...trunks.count(), enabled: capped });
  const retailCap = capped && (count.data ?? 0) >= RETAIL_MAX_TRUNKS ? TRUNK_MESSAGES.retailTrunks : undefined;
  return (
    <AreaListPage
      area={sipTrunksArea}
      api={trunks}
      label={(t) => t.nickname}
      columns={[
        { field: 'name', header: 'Name', sortable: true },
        columnOf(sipTrunkFields, 'nickname'),
        { field: 'cliNumber', header: 'Caller ID', sortable: true, render: (t) => t.cliNumber || '—' },
        ...deviceColumns<SipTrunk>('Emergency Location', (t) => t.ip),
        {
          field: 'status',
          header: 'Status',
          sortable: true,
          render: (t) => (
            <Typography
              variant="body2"
              component="span"
              color={t.status === 'Offline' ? 'text.secondary' : 'success.main'}
            >
              {t.status}
            </Typography>
          ),
        },
      ]}
      filters={[
        ...deviceFilters,
        { field: 'status', label: 'Status', options: TRUNK_STATUSES.map((s) => ({ value: s, label: s })) },
      ]}
      bulkEdit={{
        schema: sipTrunkBulkEdit,
        fields: [
          callRecordingInput<BulkEdit>(),
          channelsField,
          transportInput<BulkEdit>(),
          ...tpsInputs<BulkEdit>(TRUNK_TPS_MODES),
        ],
        current: toValues,
      }}
      add={{
        title: 'Add SIP Trunk',
        disabledReason: retailCap,
        schema: sipTrunkInput,
        defaults: { nickname: '', emergencyServicesCid: '', cliNumber: '', channelLimit: 2, host: '', permit: [] },
        fields: [
          ...generalFields(numbers, []).filter((f) => f.name !== 'trunkFailOver'),
          formField<SipTrunkInput>(sipTrunkFields, 'host', { helper: 'Empty for registration (dynamic)' }),
        ],
        create: trunks.create,
        // A trunk needs an emergency location: one of the account's numbers (as the seat location says).
        blocked: noNumbers ? TRUNK_MESSAGES.numberNeeded : undefined,
      }}
      deleteWarning={TRUNK_MESSAGES.confirmDelete}
    />
  );
}
