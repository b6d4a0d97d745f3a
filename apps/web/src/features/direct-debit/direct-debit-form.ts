/**
 * The Direct Debit wizard's values and their checks: the domain's submit schema (spec 1 §5 "Direct
 * debit": required fields, the telephone and postcode patterns, an 8-digit account number, a
 * 6-digit sort code), applied to one stage's fields at a time before Next, and Your Details
 * prefilled from the account.
 */
import { type Account, directDebitSubmit } from '@switchboard/domain';

/** The account as GET /account/{n} answers it: the details, or only its numbers for a user who may not read them. */
type AccountReply = Account | { accountNo: number; extensionDigits: number; balance?: number | undefined };

export const EMPTY = {
  firstName: '',
  surname: '',
  company: '',
  telephone: '',
  postCode: '',
  line1: '',
  line2: '',
  city: '',
  county: '',
  sortCode: '',
  accountNumber: '',
  accountHolder: '',
};
export type Values = typeof EMPTY;
export type FieldName = keyof Values;
export type Errors = Partial<Record<FieldName, string>>;

export const DETAILS_FIELDS: readonly FieldName[] = [
  'firstName',
  'surname',
  'company',
  'telephone',
  'postCode',
  'line1',
  'line2',
  'city',
  'county',
];
export const PAYMENT_FIELDS: readonly FieldName[] = ['accountHolder', 'sortCode', 'accountNumber'];

const isField = (key: PropertyKey | undefined): key is FieldName =>
  typeof key === 'string' && Object.hasOwn(EMPTY, key);

/** The messages of `fields` (the first of each) by the domain's submit schema; none when they pass. */
export function errorsOf(values: Values, fields: readonly FieldName[]): Errors {
  const parsed = directDebitSubmit.safeParse({ ...values, bankName: 'checked later', onlySignatory: true });
  const errors: Errors = {};
  for (const issue of parsed.success ? [] : parsed.error.issues) {
    const key = issue.path[0];
    if (isField(key) && fields.includes(key)) errors[key] ??= issue.message;
  }
  return errors;
}

/** The server's field messages that belong to the form's fields. */
export function fieldErrors(validation: Record<string, string>): Errors {
  const errors: Errors = {};
  for (const [key, message] of Object.entries(validation)) if (isField(key)) errors[key] = message;
  return errors;
}

/** Your Details as the account has them (the person may change any). */
export function fromAccount(account: AccountReply | undefined): Values {
  if (!account || !('firstName' in account)) return EMPTY;
  return {
    ...EMPTY,
    firstName: account.firstName,
    surname: account.surname,
    company: account.company,
    telephone: account.telephone,
    postCode: account.address_postcode,
    line1: account.address_line1,
    line2: account.address_line2,
    city: account.address_city,
    county: account.address_county,
  };
}
