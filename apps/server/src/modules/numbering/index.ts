/**
 * The numbering module (issue 27): the provider's number stock (ranges, searches, quarantine), the
 * allocation of numbers to an account with their charges (`allocate`, over any `StockSource`: the UK
 * stock here, an international order's later), and the rental and setup lines the billing run charges.
 */
export * from './allocate.ts';
export * from './drama-ranges.ts';
export * from './rentals.ts';
export * from './stock.ts';
export type * from './tables.ts';
export * from './uk-stock.ts';
