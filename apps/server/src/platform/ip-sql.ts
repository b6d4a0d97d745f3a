/**
 * The domain's public IP rule (isPublicIp, spec 1 §5) as a SQL predicate, for the lists' public IP
 * column and filter: the same ranges (NON_UNICAST_IPV4_CIDRS, read from ipaddr.js), so the column and
 * the validator cannot disagree.
 */
import { NON_UNICAST_IPV4_CIDRS } from '@switchboard/domain';

/** A dotted four-part decimal IPv4 address without leading zeros (ipaddr.js isValidFourPartDecimal). */
const OCTET = '(25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])';
const DOTTED_IPV4 = `^${OCTET}(\\.${OCTET}){3}$`;
const NON_UNICAST = `array[${NON_UNICAST_IPV4_CIDRS.map((cidr) => `'${cidr}'`).join(',')}]::inet[]`;

/**
 * True when the text expression `expr` is a public IPv4 address; false for anything else, NULL and
 * text that is no address included (the shape is checked before the inet cast, so nothing throws).
 * `expr` is SQL: pass trusted SQL (a column or an expression of columns), never user input.
 */
export function publicIpSql(expr: string): string {
  return `(case when ${expr} ~ '${DOTTED_IPV4}' then not (${expr}::inet <<= any(${NON_UNICAST})) else false end)`;
}
