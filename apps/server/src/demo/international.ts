/**
 * Demo international numbers (issue 27): the reseller (20000, wholesale) holds three numbers from
 * the international stock (ranges reserved for fiction: migration 083) and one address in France
 * with a proof — a small PDF made now with pdfkit (never a binary in git) — linked to its Paris number.
 */
import type { Transaction } from 'kysely';
import PDFDocument from 'pdfkit';
import type { Database } from '../db/schema.ts';
import { type FileStore, fileKey } from '../platform/file-store.ts';

const RESELLER = 20000;
const NUMBERS = [
  { number: '+33199000000', nickname: 'Paris office' },
  { number: '+33199000001', nickname: 'Paris support' },
  { number: '+12125550100', nickname: 'New York' },
];

/** A one-page utility bill, as a customer would scan one. */
export function demoProofPdf(): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: 'A4',
      margin: 50,
      info: { Title: 'Utility bill', Author: 'Switchboard demo' },
    });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.fontSize(20).text('Électricité de Paris (demo)', { align: 'left' });
    doc.moveDown().fontSize(12).text('Rachel Reid');
    doc.text('12 Rue de Rivoli, 75001 Paris, France');
    doc.moveDown().text('Statement for October: 84.20 EUR. This is a demo document.');
    doc.end();
  });
}

export async function seedInternational(trx: Transaction<Database>, files?: FileStore): Promise<void> {
  await trx
    .updateTable('international_stock')
    .set({ allocated_at: new Date() })
    .where(
      'number',
      'in',
      NUMBERS.map((n) => n.number),
    )
    .execute();
  const numbers = await trx
    .insertInto('telephone_numbers')
    .values(NUMBERS.map((n) => ({ account_no: RESELLER, ...n, ems_needed: false })))
    .returning(['id', 'number'])
    .execute();
  const address = await trx
    .insertInto('international_addresses')
    .values({
      account_no: RESELLER,
      title: 'Ms',
      firstname: 'Rachel',
      lastname: 'Reid',
      address_line1: '12 Rue de Rivoli',
      address_line2: 'Paris',
      county: 'Ile de France',
      country: 'France',
      postcode: '75001',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const paris = numbers.find((n) => n.number === '+33199000000');
  if (paris) {
    await trx
      .insertInto('international_address_links')
      .values({ account_no: RESELLER, address_id: address.id, telephone_number_id: paris.id })
      .execute();
  }
  if (!files) return;
  const pdf = await demoProofPdf();
  const stored = await files.put(
    fileKey('international-proofs', 'pdf'),
    (async function* () {
      yield pdf;
    })(),
  );
  await trx
    .insertInto('international_proofs')
    .values({
      account_no: RESELLER,
      address_id: address.id,
      proof_type: 'UtilityBill',
      file_name: 'utility-bill.pdf',
      file_type: 'application/pdf',
      file_key: stored.key,
      file_size: stored.size,
      file_sha256: stored.sha256,
    })
    .execute();
}
