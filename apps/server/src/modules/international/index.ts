/**
 * The international module: the provider's international stock and each country's regulation
 * requirement (spec 3 §7), and the compliance check of an international number against an address of
 * the account (spec 3 §8: 'Address Error' / 'Proof Error'), which the international order calls per
 * item. Areas import this file only.
 */
export * from './numbers.ts';
export * from './orders.ts';
export * from './regulations.ts';
export * from './stock.ts';
export type * from './tables.ts';
