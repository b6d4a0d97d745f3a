/**
 * What a number costs each month, and its setup on a postpay invoice (the billing run's charge
 * sources, which the invoices area registers): each number the account held before the period's end
 * is charged its type's monthly price from the service tariff (a number bought from stock: its
 * allocation's item; one that never came from stock, by its prefix).
 */

import { sql } from 'kysely';
import type { Tx } from '../../platform/tenancy.ts';
import type { BillingPeriod, ChargeLine } from '../billing/index.ts';

/** The tariff item of a number that did not come from stock, by its prefix (SQL over `t.number`). */
const BY_PREFIX = sql<string>`case
  when t.number like '0800%' then '0800FREE' when t.number like '0808%' then '0808FREE'
  when t.number like '0333%' then '0333NGN' when t.number like '030%' then '03NGN'
  when t.number like '0843%' then '0843NGN' when t.number like '0845%' then '0845NGN'
  else 'GEONUM' end`;

export async function numberRentalLines(tx: Tx, accountNo: number, p: BillingPeriod): Promise<ChargeLine[]> {
  const rows = await sql<{ item: string; description: string; monthly_pence: number; n: string }>`
    select x.item, st.description, st.monthly_pence, count(*) as n
    from (
      select coalesce(a.tariff_item, ${BY_PREFIX}) as item
      from telephone_numbers t
      left join number_allocations a on a.number = t.number and a.account_no = t.account_no and a.released_at is null
      where t.account_no = ${accountNo}
        and t.created_at < (${p.next}::date::timestamp at time zone 'Europe/London')
    ) x join service_tariff st on st.item = x.item
    where st.monthly_pence > 0
    group by x.item, st.description, st.monthly_pence
    order by x.item`.execute(tx);
  return rows.rows.map((r) => ({
    description: `${r.description} rental, ${p.label}`,
    quantity: Number(r.n),
    unitPricePence: r.monthly_pence,
  }));
}

/** A postpay account's setup charges of the numbers it bought in the period (a prepay one paid at purchase). */
export async function numberSetupLines(tx: Tx, accountNo: number, p: BillingPeriod): Promise<ChargeLine[]> {
  const rows = await sql<{ description: string; setup_pence: number; n: string }>`
    select st.description, a.setup_pence, count(*) as n
    from number_allocations a join service_tariff st on st.item = a.tariff_item
    where a.account_no = ${accountNo} and not a.on_ledger and a.setup_pence > 0
      and a.allocated_at >= (${p.start}::date::timestamp at time zone 'Europe/London')
      and a.allocated_at < (${p.next}::date::timestamp at time zone 'Europe/London')
    group by st.description, a.setup_pence
    order by st.description, a.setup_pence`.execute(tx);
  return rows.rows.map((r) => ({
    description: `${r.description} setup, ${p.label}`,
    quantity: Number(r.n),
    unitPricePence: r.setup_pence,
  }));
}
