/**
 * Whether a number of the account has an emergency address (spec 3: a telephone number with an EMS
 * postcode): the Location columns of seats and SIP trunks. Read through migration 042's partial index.
 * `accountSql` names the account (where row-level security does not: the seats' stored location,
 * kept by the database's own functions, migration 057); without it, the reader's account.
 */
export const emergencyLocatedSql = (numberSql: string, accountSql?: string): string =>
  `exists (select 1 from telephone_numbers t where ${accountSql ? `t.account_no = ${accountSql} and ` : ''}` +
  `t.number = ${numberSql} and t.ems_postcode <> '')`;
