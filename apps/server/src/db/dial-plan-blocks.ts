/**
 * The blocks of an account's numbering plan whose fullness the database keeps (migration 054):
 * block `number / DIAL_PLAN_BLOCK` (integer division) holds `DIAL_PLAN_BLOCK` numbers. numbered.ts reads them to
 * find the next free number without walking every taken one.
 */
export const DIAL_PLAN_BLOCK = 100;
