/**
 * The tariff documents (spec 3 §7 'GET /documents/tariff', 'POST /documents/tariff/{name}/{id}'),
 * generated from the rate deck when asked: the call tariff as CSV (csv-stringify; the deck's fields
 * as the look-up names them, pence with two decimals) and as PDF (the invoices' header and layout).
 */
import { TARIFF_CATEGORY_LABELS, type TariffDocumentRecord, type TariffRateRecord } from '@switchboard/domain';
import { stringify } from 'csv-stringify/sync';

export const TARIFF_DOCUMENTS = [
  { id: 1, title: 'Call tariff (CSV)', filename: 'call-tariff.csv', type: 'text/csv' },
  { id: 2, title: 'Call tariff (PDF)', filename: 'call-tariff.pdf', type: 'application/pdf' },
] as const satisfies ReadonlyArray<TariffDocumentRecord & { type: string }>;

export type TariffDocument = (typeof TARIFF_DOCUMENTS)[number];

/** The document named `filename` with `id`, or undefined. */
export function tariffDocument(filename: string, id: number): TariffDocument | undefined {
  return TARIFF_DOCUMENTS.find((d) => d.id === id && d.filename === filename);
}

/** The CSV's columns, in the look-up's order (spec 3 §3 'Tariff lookup'), with the prefix and category. */
export const CALL_TARIFF_CSV_COLUMNS = [
  'destination',
  'prefix',
  'category',
  'access',
  'onPeak',
  'onPeakConnection',
  'offPeak',
  'weekendOnPeak',
  'weekendOffPeak',
  'minimum',
] as const;

/**
 * A text cell a spreadsheet will not run as a formula: one starting with =, +, -, @, a tab or a
 * carriage return gets a leading apostrophe (a destination is a provider admin's free text).
 */
export const spreadsheetSafe = (text: string): string => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);

/** The deck as CSV: a header row, then each rate (category as the panel names it). */
export function callTariffCsv(rates: readonly TariffRateRecord[]): string {
  return stringify(
    rates.map((r) => ({
      ...r,
      destination: spreadsheetSafe(r.destination),
      category: TARIFF_CATEGORY_LABELS[r.category],
    })),
    { header: true, columns: [...CALL_TARIFF_CSV_COLUMNS], record_delimiter: '\r\n' },
  );
}
