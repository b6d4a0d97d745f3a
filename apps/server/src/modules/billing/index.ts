/**
 * The billing module: the money ledger (every change of a prepay balance, in pence), billing periods
 * and the charge sources of the monthly run; invoicing (the billing run, schedules, terms, the
 * invoice and tariff PDFs, invoice records); payments (card settlement, off-session charges, auto
 * top-up and invoice auto-pay, the card and PayPal webhook events); direct debit (mandates and
 * collections); the provider's rate deck (a number's rate by longest prefix, calls priced by the
 * domain's rating function, the tariff documents); and money helpers (the domain's, re-exported).
 * The areas that show and take money (invoices, payments, direct debit, bundles, account billing,
 * tariff) and every other area import this file only, never the module's other files, and none
 * reads or writes the module's tables itself.
 */
export * from './billing-periods.ts';
export * from './direct-debit/collections.ts';
export * from './direct-debit/mandates.ts';
export type * from './direct-debit/tables.ts';
export * from './invoice-payments.ts';
export * from './invoicing/billing-run.ts';
export * from './invoicing/documents.ts';
export * from './invoicing/notes.ts';
export * from './invoicing/records.ts';
export * from './invoicing/schedule.ts';
export type * from './invoicing/tables.ts';
export * from './ledger.ts';
export * from './money.ts';
export * from './payments/auto-pay.ts';
export * from './payments/card-payments.ts';
export * from './payments/off-session.ts';
export * from './payments/paypal-events.ts';
export * from './payments/settle.ts';
export type * from './payments/tables.ts';
export type * from './tables.ts';
export * from './tariff/deck.ts';
export * from './tariff/documents.ts';
export type * from './tariff/tables.ts';
