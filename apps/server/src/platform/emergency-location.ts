/**
 * Whether a number of the account has an emergency address (spec 3: a telephone number with an EMS
 * postcode): the Location columns of seats and SIP trunks. Read through migration 042's partial index.
 */
export const emergencyLocatedSql = (numberSql: string): string =>
  `exists (select 1 from telephone_numbers t where t.number = ${numberSql} and t.ems_postcode <> '')`;
