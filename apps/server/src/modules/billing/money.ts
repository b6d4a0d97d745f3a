/**
 * Money helpers: one implementation, in the domain package (`packages/domain/src/money.ts`), where the
 * rating function that prices calls from the rate deck uses them too; re-exported here so the
 * billing module stays the areas' one import for money.
 */
export { type CallRate, type Centipence, callCharge, centipence, pence, pounds } from '@switchboard/domain';
