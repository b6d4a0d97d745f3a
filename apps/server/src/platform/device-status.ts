/**
 * The fields a seat's and a SIP trunk's lists show of where it is (spec 2 §1, §2): `location`, the
 * number it gives the emergency services has an address; `publicIp`, the address it uses now is a
 * public one; `onNet`, it uses an address that is not. `numberSql` is that number and `addressSql`
 * the address in use (NULL while none is: unregistered), both trusted SQL over the list's FROM.
 */
import { emergencyLocatedSql } from './emergency-location.ts';
import { field } from './fields.ts';
import { publicIpSql } from './ip-sql.ts';

export function deviceStatusFields(numberSql: string, addressSql: string) {
  const publicIp = publicIpSql(addressSql);
  return {
    location: field.computed(emergencyLocatedSql(numberSql), 'boolean', { sortable: true }),
    publicIp: field.computed(publicIp, 'boolean', { sortable: true, filterable: true }),
    onNet: field.computed(`(${addressSql} is not null and not ${publicIp})`, 'boolean', { sortable: true }),
  };
}
