import { describe, expect, it } from 'vitest';
import { fieldMap } from '../../platform/fields.ts';
import { publicIpSql } from '../../platform/ip-sql.ts';
import { deviceStatusFields } from './device-status.ts';
import { emergencyLocatedSql } from './emergency-location.ts';

describe('deviceStatusFields', () => {
  it('reads the location from the number and the public IP and network from the address in use', () => {
    const fields = fieldMap<{ location: boolean; publicIp: boolean; onNet: boolean }>(
      'sip_trunks',
      deviceStatusFields({ numberSql: 'sip_trunks.emergency_services_cid', addressSql: 'r.ipaddr' }),
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

  it('reads the stored location and flags where the database keeps them', () => {
    const fields = fieldMap<{ location: boolean; publicIp: boolean; onNet: boolean }>(
      'seats',
      deviceStatusFields({ location: 'seats.located', publicIp: 'seats.public_ip', onNet: 'seats.on_net' }),
    );
    expect(fields.location).toMatchObject({ sql: 'seats.located', sortable: true });
    expect(fields.publicIp).toMatchObject({ sql: 'seats.public_ip', sortable: true, filterable: true });
    expect(fields.onNet).toMatchObject({ sql: 'seats.on_net', sortable: true });
  });
});
