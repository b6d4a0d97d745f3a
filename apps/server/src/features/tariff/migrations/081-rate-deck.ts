import fs from 'node:fs';
import { centipence, TARIFF_CATEGORIES, type TariffCategory } from '@switchboard/domain';
import { parse } from 'csv-parse/sync';
import { type Kysely, sql } from 'kysely';

/**
 * Loads the provider's rate deck (`rate-deck.csv`, beside this file; its head names its source) into
 * tariff_rates. International rows name no country: `region` (ISO 3166) is named by
 * Intl.DisplayNames, and the row's `destination` only adds to it ('Mobile'). Rates are pence with
 * decimals in the file, hundredths of a penny in the table. Later edits are the provider admins'.
 */
export interface DeckRow {
  prefix: string;
  category: TariffCategory;
  destination: string;
  access: number;
  on_peak: number;
  on_peak_connection: number;
  off_peak: number;
  weekend_on_peak: number;
  weekend_off_peak: number;
  minimum: number;
}

const regionNames = new Intl.DisplayNames(['en-GB'], { type: 'region', fallback: 'none' });

/** The deck's rows from the CSV's text. */
export function readRateDeck(text: string): DeckRow[] {
  const records: Record<string, string>[] = parse(text, {
    columns: true,
    comment: '#',
    skip_empty_lines: true,
    trim: true,
  });
  return records.map((r, i) => {
    const category = TARIFF_CATEGORIES.find((c) => c === r.category);
    const country = r.region ? regionNames.of(r.region) : undefined;
    if (!category || !/^[1-9]\d{0,14}$/.test(r.prefix ?? '') || (r.region && !country)) {
      throw new Error(`rate-deck.csv row ${i + 1} is not a rate: ${JSON.stringify(r)}`);
    }
    const destination = country ? [country, r.destination].filter(Boolean).join(' ') : (r.destination ?? '');
    const rate = (name: string) => centipence(r[name] ?? '');
    return {
      prefix: r.prefix ?? '',
      category,
      destination,
      access: rate('access'),
      on_peak: rate('onPeak'),
      on_peak_connection: rate('onPeakConnection'),
      off_peak: rate('offPeak'),
      weekend_on_peak: rate('weekendOnPeak'),
      weekend_off_peak: rate('weekendOffPeak'),
      minimum: rate('minimum'),
    };
  });
}

export const RATE_DECK_FILE = new URL('./rate-deck.csv', import.meta.url);

export async function up(db: Kysely<unknown>): Promise<void> {
  const rows = readRateDeck(fs.readFileSync(RATE_DECK_FILE, 'utf8'));
  for (let i = 0; i < rows.length; i += 500) {
    const chunk = rows.slice(i, i + 500);
    await sql`insert into tariff_rates (prefix, category, destination, access, on_peak, on_peak_connection,
        off_peak, weekend_on_peak, weekend_off_peak, minimum)
      values ${sql.join(
        chunk.map(
          (r) =>
            sql`(${r.prefix}, ${r.category}, ${r.destination}, ${r.access}, ${r.on_peak}, ${r.on_peak_connection},
              ${r.off_peak}, ${r.weekend_on_peak}, ${r.weekend_off_peak}, ${r.minimum})`,
        ),
      )}`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from tariff_rates`.execute(db);
}
