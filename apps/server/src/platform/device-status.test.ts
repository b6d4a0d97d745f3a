import { describe, expect, it } from 'vitest';
import { deviceStatusFields } from './device-status.ts';
import { emergencyLocatedSql } from './emergency-location.ts';
import { fieldMap } from './fields.ts';
import { publicIpSql } from './ip-sql.ts';

describe('deviceStatusFields', () => {
  it('reads the location from the number and the public IP and network from the address in use', () => {
    const fields = fieldMap<{ location: boolean; publicIp: boolean; onNet: boolean }>(
      'sip_trunks',
      deviceStatusFields('sip_trunks.emergency_services_cid', 'r.ipaddr'),
    );
    expect(fields.location).toEqual({
      kind: 'boolean',
      sortable: true,
      sql: emergencyLocatedSql('sip_trunks.emergency_services_cid'),
    });
    expect(fields.publicIp).toEqual({
      kind: 'boolean',
      sortable: true,
      filterable: true,
      sql: publicIpSql('r.ipaddr'),
    });
    expect(fields.onNet).toEqual({
      kind: 'boolean',
      sortable: true,
      sql: `(r.ipaddr is not null and not ${publicIpSql('r.ipaddr')})`,
    });
  });
});
