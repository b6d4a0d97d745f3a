import { callQueueRoutes, MESSAGES, QUEUE_MESSAGES } from '@switchboard/domain';
import { expect } from 'vitest';
import { describeResource } from '../../test/contract-suite.ts';

describeResource({
  name: 'call queues',
  routes: callQueueRoutes,
  permission: 'queues',
  create: ({ u, n }) => ({ displayName: n, customName: `Queue ${u}`, queueCidPrefix: `Q${u}` }),
  update: ({ u }) => ({ customName: `Renamed ${u}`, strategy: 'rrmemory' as const, timeout: 30, queueTime: 600 }),
  sortable: [
    'displayName',
    'customName',
    'queueTime',
    'maxLength',
    'falloverLocation',
    'queueCidPrefix',
    'strategy',
    'timeout',
    'wrapUpTime',
    'memberCount',
  ],
  searchable: ['displayName', 'customName', 'queueCidPrefix'],
  filterable: ['queueTime', 'exitSwitch', 'strategy'],
  invalid: { patch: { customName: ' ' }, field: 'customName', message: MESSAGES.required },
  unique: { field: 'displayName', message: QUEUE_MESSAGES.inUse },
  inUse: async ({ owner, record, u, n }) => {
    const res = await owner.call('POST', '/timeprofile', {
      extension: n,
      name: `Via ${u}`,
      inDestination: `queue:${record.displayName}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    return MESSAGES.inUseIn('Time Profile', `${n} - Via ${u}`);
  },
});
