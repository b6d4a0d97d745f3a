/**
 * The list columns and filters a seat's and a SIP trunk's lists share (spec 2 §1, §2): whether the
 * emergency location is set, the public address in use, on-net or off-net (— while no address is in
 * use), and call recording.
 *
 *   columns={[...ownColumns, ...deviceColumns('Emergency Location', (t) => t.ip), statusColumn]}
 *   filters={[...deviceFilters, statusFilter]}
 */
import { CALL_RECORDING_OPTIONS } from '@switchboard/domain';
import { optionLabel } from '../fields/option-sources.ts';
import type { Column } from '../paged-table/table-grid.tsx';
import { type FilterDef, yesNoFilter } from '../paged-table/table-toolbar.tsx';

export interface DeviceRow {
  location: boolean;
  publicIp: boolean;
  onNet: boolean;
  callRecording: number;
}

/** `address` is the address the row uses now ('' for none: unregistered). */
export function deviceColumns<T extends DeviceRow>(locationHeader: string, address: (row: T) => string): Column<T>[] {
  return [
    { field: 'location', header: locationHeader, sortable: true, render: (r) => (r.location ? 'Set' : 'Not set') },
    { field: 'publicIp', header: 'Public IP', sortable: true, render: (r) => (r.publicIp ? address(r) : '—') },
    {
      field: 'onNet',
      header: 'Network',
      sortable: true,
      render: (r) => (address(r) === '' ? '—' : r.onNet ? 'On-net' : 'Off-net'),
    },
    {
      field: 'callRecording',
      header: 'Call Recording',
      sortable: true,
      render: (r) => optionLabel(CALL_RECORDING_OPTIONS, r.callRecording),
    },
  ];
}

export const deviceFilters: FilterDef[] = [
  yesNoFilter('publicIp', 'Public IP'),
  { field: 'callRecording', label: 'Call Recording', options: CALL_RECORDING_OPTIONS },
];
