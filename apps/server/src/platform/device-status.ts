/**
 * The fields a seat's and a SIP trunk's lists show of where it is (spec 2 §1, §2): `location`, the
 * number it gives the emergency services has an address; `publicIp`, the address it uses now is a
 * public one; `onNet`, it uses an address that is not. `numberSql` is that number; `address` the
 * address in use (NULL while none is: unregistered), or the columns where the database keeps the two
 * flags (the seats', migration 053: indexed, so the list filters and sorts without reading the whole
 * account); trusted SQL over the list's FROM.
 */
import { emergencyLocatedSql } from './emergency-location.ts';
import { field } from './fields.ts';
import { publicIpSql } from './ip-sql.ts';

/** The stored public IP and network flags (false while unregistered). */
export interface StoredNetwork {
  publicIp: string;
  onNet: string;
}

export function deviceStatusFields(numberSql: string, address: string | StoredNetwork) {
  const network =
    typeof address === 'string'
      ? { publicIp: publicIpSql(address), onNet: `(${address} is not null and not ${publicIpSql(address)})` }
      : address;
  return {
    location: field.computed(emergencyLocatedSql(numberSql), 'boolean', { sortable: true }),
    publicIp: field.computed(network.publicIp, 'boolean', { sortable: true, filterable: true }),
    onNet: field.computed(network.onNet, 'boolean', { sortable: true }),
  };
}
