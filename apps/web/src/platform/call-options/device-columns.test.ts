import { describe, expect, it } from 'vitest';
import { type DeviceRow, deviceColumns, deviceFilters } from './device-columns.ts';

type Row = DeviceRow & { ip: string };
const row = (r: Partial<Row>): Row => ({
  location: false,
  publicIp: false,
  onNet: false,
  callRecording: 0,
  ip: '',
  ...r,
});
const shown = (r: Row) =>
  Object.fromEntries(deviceColumns<Row>('Emergency Location', (x) => x.ip).map((c) => [c.header, c.render?.(r)]));

describe('deviceColumns', () => {
  it('shows the location, the public address, the network and call recording of a row', () => {
    expect(shown(row({ location: true, publicIp: true, ip: '81.2.69.10', callRecording: 2 }))).toEqual({
      'Emergency Location': 'Set',
      'Public IP': '81.2.69.10',
      Network: 'Off-net',
      'Call Recording': 'Permanent',
    });
    expect(shown(row({ onNet: true, ip: '10.0.0.5' }))).toMatchObject({ 'Public IP': '—', Network: 'On-net' });
  });

  it('shows no network while the row uses no address', () => {
    expect(shown(row({}))).toEqual({
      'Emergency Location': 'Not set',
      'Public IP': '—',
      Network: '—',
      'Call Recording': 'Off',
    });
  });

  it('sorts by each column and filters by public IP and call recording', () => {
    expect(deviceColumns<Row>('Location', (x) => x.ip).every((c) => c.sortable)).toBe(true);
    expect(deviceFilters.map((f) => f.field)).toEqual(['publicIp', 'callRecording']);
  });
});
