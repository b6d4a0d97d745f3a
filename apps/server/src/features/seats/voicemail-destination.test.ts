import { type DestinationOption, MESSAGES } from '@switchboard/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, json, type TestContext } from '../../test/harness.ts';

let t: TestContext;
let retail: Record<string, string>;
beforeAll(async () => {
  t = await createTestContext();
  retail = await t.login('retail');
});
afterAll(async () => t?.close());

type Reply = { success?: boolean; message: string; id?: number; validation?: Record<string, string> };

const choices = async () =>
  json<{ records: DestinationOption[] }>(await t.api('GET', '/destinations', retail)).records.filter(
    (d) => d.type === 'voicemail',
  );

describe('a seat’s voicemail as a destination', () => {
  it('is offered while the seat has voicemail, and neither the seat nor its voicemail goes while used', async () => {
    const created = json<Reply>(await t.api('POST', '/seat', retail, { extension: 241, nickname: 'Mailbox' }));
    const seatId = created.id as number;
    expect(await choices()).toContainEqual({
      value: 'voicemail:241',
      label: 'Voicemail 241 - Mailbox',
      type: 'voicemail',
      typeLabel: 'Voicemail',
    });
    const number = await t.database.db
      .selectFrom('telephone_numbers')
      .select('id')
      .where('number', '=', '03300880123')
      .executeTakeFirstOrThrow();
    const route = (destination: string) => t.api('PATCH', `/numbering/allocated/${number.id}`, retail, { destination });
    expect((await route('voicemail:241')).statusCode).toBe(200);
    const used = json<{ records: Array<{ type: string; name: string }> }>(
      await t.api('GET', '/destinations/used-by/voicemail%3A241', retail),
    ).records;
    expect(used).toEqual([expect.objectContaining({ type: 'Telephone Number', name: '03300880123 (Marketing)' })]);

    // Turning the voicemail off, or deleting the seat, would leave the number routed to nothing.
    const off = await t.api('PATCH', `/seat/${seatId}`, retail, { vmMode: 0 });
    expect(off.statusCode).toBe(400);
    expect(json<Reply>(off).validation?.vmMode).toBe(MESSAGES.inUseIn('Telephone Number', '03300880123 (Marketing)'));
    const del = await t.api('DELETE', `/seat/${seatId}`, retail);
    expect(del.statusCode).toBe(409);
    expect(json<Reply>(del).message).toBe(MESSAGES.inUseIn('Telephone Number', '03300880123 (Marketing)'));

    // Routed elsewhere, the voicemail may go; then it is no destination at all.
    expect((await route('')).statusCode).toBe(200);
    expect((await t.api('PATCH', `/seat/${seatId}`, retail, { vmMode: 0 })).statusCode).toBe(200);
    expect((await choices()).map((d) => d.value)).not.toContain('voicemail:241');
    const refused = await route('voicemail:241');
    expect(refused.statusCode).toBe(400);
    expect(json<Reply>(refused).validation?.destination).toBe(MESSAGES.selectOption);
    expect((await t.api('DELETE', `/seat/${seatId}`, retail)).statusCode).toBe(200);
  });
});
