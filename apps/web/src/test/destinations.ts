/** One destination of every kind, and a fake of the pickers' calls over them (search and labels). */
import { DESTINATION_TYPE_LABELS, DESTINATION_TYPES, type DestinationOption } from '@switchboard/domain';
import type { fakeServer } from './fake-server.ts';

const LABELS: Record<(typeof DESTINATION_TYPES)[number], string> = {
  seat: '201 - Reception',
  trunk: 'Main trunk',
  timeprofile: '300 - Office hours',
  callgroup: '350 - Sales team',
  queue: '360 - Customer support',
  ivr: '370 - Main menu',
  nts: 'Out of hours engineer',
  voicemail: '201 - Reception voicemail',
  conference: '380 - Site meetings',
};

export const everyKindOfDestination: DestinationOption[] = DESTINATION_TYPES.map((type, i) => ({
  value: `${type}:${200 + i}`,
  label: LABELS[type],
  type,
  typeLabel: DESTINATION_TYPE_LABELS[type],
}));

/**
 * GET /destinations/search and /destinations/labels answered as the server does, over `records`:
 * the term anywhere in a label, the kinds asked for, paged; the labels of the values named.
 */
export function serveDestinations(server: ReturnType<typeof fakeServer>, records = everyKindOfDestination): void {
  server.on('GET', /^\/destinations\/search(\?.*)?$/, (request) => {
    const query = new URLSearchParams(request.path.split('?')[1] ?? '');
    const q = (query.get('q') ?? '').toLowerCase();
    const types = query.get('type')?.split(',');
    const offset = Number(query.get('offset') ?? 0);
    const limit = Number(query.get('limit') ?? 20);
    const found = records.filter((d) => d.label.toLowerCase().includes(q) && (!types || types.includes(d.type)));
    return { records: found.slice(offset, offset + limit), lastPage: offset + limit >= found.length };
  });
  server.on('GET', /^\/destinations\/labels\?ids=(.*)$/, (_request, match) => {
    const ids = decodeURIComponent(match[1] ?? '').split(',');
    return { records: records.filter((d) => ids.includes(d.value)) };
  });
}
