import { MESSAGES, OUTBOUND_CLI_MESSAGES, type OutboundCli } from '@switchboard/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, json, type TestContext } from '../../test/harness.ts';

let t: TestContext;
let retail: Record<string, string>;
let prepay: Record<string, string>;
let viewer: Record<string, string>;

beforeAll(async () => {
  t = await createTestContext();
  retail = await t.login('retail');
  prepay = await t.login('prepay');
  viewer = await t.login('viewer');
});
afterAll(async () => t?.close());

type Reply = { success?: boolean; message: string; id?: number; validation?: Record<string, string> };
type Page<T> = { records: T[]; totalRecords: number };

const create = async (body: object, as = retail) => t.api('POST', '/outboundclilist', as, body);
const numberId = async (number: string) => {
  const page = json<Page<{ id: number; telephoneNumber: string }>>(
    await t.api('POST', '/numbering/allocated/-1/-1', retail, {}),
  );
  const found = page.records.find((r) => r.telephoneNumber === number);
  if (!found) throw new Error(`no number ${number}`);
  return found.id;
};

describe('outbound CLI lists', () => {
  it('creates a list of the account’s numbers, lists it by GET /outboundclilist and saves by POST /{id}', async () => {
    const made = await create({
      name: 'Sales lines',
      description: 'Shown to sales',
      numbers: ['01214960000', '01214960001'],
    });
    expect(made.statusCode, made.body).toBe(200);
    const id = json<Reply>(made).id as number;
    const all = json<Page<OutboundCli>>(await t.api('GET', '/outboundclilist', retail));
    expect(all.records.find((r) => r.id === id)).toMatchObject({
      name: 'Sales lines',
      description: 'Shown to sales',
      numbers: ['01214960000', '01214960001'],
      numberCount: 2,
    });
    const read = json<OutboundCli>(await t.api('GET', `/outboundclilist/${id}`, retail));
    const saved = await t.api('POST', `/outboundclilist/${id}`, retail, {
      numbers: ['01214960002', '01214960002'],
      version: read.version,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    // A number given twice is held once; the fields not sent keep their values.
    expect(json<OutboundCli>(await t.api('GET', `/outboundclilist/${id}`, retail))).toMatchObject({
      name: 'Sales lines',
      numbers: ['01214960002'],
      numberCount: 1,
    });
    // A stale version is refused and changes nothing.
    const stale = await t.api('POST', `/outboundclilist/${id}`, retail, { description: 'x', version: read.version });
    expect(stale.statusCode).toBe(409);
  });

  it('refuses numbers that are not the account’s, none at all, and a long description, with their messages', async () => {
    const foreign = await create({ name: 'Foreign', numbers: ['01214960000', '02079460999'] });
    expect(foreign.statusCode).toBe(400);
    expect(json<Reply>(foreign).validation?.numbers).toBe(OUTBOUND_CLI_MESSAGES.notAccountNumber);
    // Another account's number is not this account's either.
    const prepays = json<Page<{ telephoneNumber: string }>>(
      await t.api('POST', '/numbering/allocated/-1/-1', prepay, {}),
    );
    const theirs = prepays.records[0]?.telephoneNumber;
    expect(theirs).toMatch(/^0/);
    const other = await create({ name: 'Theirs', numbers: [theirs] });
    expect(json<Reply>(other).validation?.numbers).toBe(OUTBOUND_CLI_MESSAGES.notAccountNumber);
    const empty = await create({ name: 'Empty', numbers: [] });
    expect(json<Reply>(empty).validation?.numbers).toBe(OUTBOUND_CLI_MESSAGES.selectNumber);
    const bad = await create({ name: 'Bad', numbers: ['12ab'] });
    expect(bad.statusCode).toBe(400);
    const long = await create({ name: 'Long', description: 'd'.repeat(51), numbers: ['01214960000'] });
    expect(json<Reply>(long).validation?.description).toBe(MESSAGES.maxLength(50));
    const names = json<Page<OutboundCli>>(await t.api('GET', '/outboundclilist', retail)).records.map((r) => r.name);
    expect(names).not.toContain('Foreign');
    expect(names).not.toContain('Empty');
  });

  it('refuses to delete a number a list holds, naming the list', async () => {
    const made = await create({ name: 'Director line', numbers: ['01214960004'] });
    expect(made.statusCode, made.body).toBe(200);
    const id = await numberId('01214960004');
    const refused = await t.api('DELETE', `/numbering/allocated/${id}`, retail);
    expect(refused.statusCode).toBe(409);
    expect(json<Reply>(refused).message).toContain(MESSAGES.inUseIn('Outbound CLI List', 'Director line'));
    await t.api('DELETE', `/outboundclilist/${json<Reply>(made).id}`, retail);
    expect(
      json<Page<OutboundCli>>(await t.api('GET', '/outboundclilist', retail)).records.map((r) => r.name),
    ).not.toContain('Director line');
  });

  it('is read-only for a viewer and invisible to another account', async () => {
    const made = await create({ name: 'Private', numbers: ['01214960000'] });
    const id = json<Reply>(made).id as number;
    expect((await t.api('GET', '/outboundclilist', viewer)).statusCode).toBe(200);
    expect((await create({ name: 'Viewer', numbers: ['01214960000'] }, viewer)).statusCode).toBe(403);
    expect((await t.api('GET', `/outboundclilist/${id}`, prepay)).statusCode).toBe(404);
    const theirs = json<Page<OutboundCli>>(await t.api('GET', '/outboundclilist', prepay));
    expect(theirs.records.map((r) => r.id)).not.toContain(id);
  });
});
