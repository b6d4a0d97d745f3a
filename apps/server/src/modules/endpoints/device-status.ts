/**
 * The fields a seat's and a SIP trunk's lists show of where it is (spec 2 §1, §2): `location`, the
 * number it gives the emergency services has an address; `publicIp`, the address it uses now is a
 * public one; `onNet`, it uses an address that is not. Either worked out at each read from the number
 * (`numberSql`) and the address in use (`addressSql`, NULL while none is: unregistered), or read from
 * the columns where the database keeps them (the seats', migrations 053 and 057: indexed, so the list
 * filters and sorts without reading the whole account); trusted SQL over the list's FROM.
 */

import { field } from '../../platform/fields.ts';
import { publicIpSql } from '../../platform/ip-sql.ts';
import { emergencyLocatedSql } from './emergency-location.ts';

/** The stored location, public IP and network flags (false while unlocated / unregistered). */
export interface StoredDeviceStatus {
  location: string;
  publicIp: string;
  onNet: string;
}

export function deviceStatusFields(source: { numberSql: string; addressSql: string } | StoredDeviceStatus) {
  const columns =
    'numberSql' in source
      ? {
          location: emergencyLocatedSql(source.numberSql),
          publicIp: publicIpSql(source.addressSql),
          onNet: `(${source.addressSql} is not null and not ${publicIpSql(source.addressSql)})`,
        }
      : source;
  return {
    location: field.computed(columns.location, 'boolean', { sortable: true }),
    publicIp: field.computed(columns.publicIp, 'boolean', { sortable: true, filterable: true }),
    onNet: field.computed(columns.onNet, 'boolean', { sortable: true }),
  };
}
