import { CSV_FAILURES_SHOWN, CSV_MAX_NUMBERS, MESSAGES } from '@switchboard/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, json, onPostgres, raceWithOpenTransaction, type TestContext } from '../../test/harness.ts';

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

type List = {
  id: number;
  name: string;
  description: string;
  promptId: number | null;
  promptName: string | null;
  numEntries: number;
};
type Page = { records: List[]; totalRecords: number; lastPage: boolean };

const list = (headers: Record<string, string>, path: string, payload: object = {}) =>
  t.app.inject({ method: 'POST', url: `/api/v1/accesscontrol/${path}`, headers, payload });

async function create(headers: Record<string, string>, payload: object) {
  return t.app.inject({ method: 'POST', url: '/api/v1/accesscontrol', headers, payload });
}

describe('access lists: list', () => {
  it('pages, sorts and counts entries', async () => {
    const all = json<Page>(await list(retail, '-1/-1'));
    expect(all.totalRecords).toBe(3);
    expect(all.lastPage).toBe(true);
    expect(all.records.map((r) => r.name)).toEqual([
      'Nuisance callers',
      'Out of hours engineers',
      'Priority customers',
    ]);
    const nuisance = all.records[0] as List;
    expect(nuisance).toMatchObject({ numEntries: 4, promptName: 'Your call has been barred' });

    const page = json<Page>(await list(retail, '1/1'));
    expect(page.records.map((r) => r.name)).toEqual(['Out of hours engineers']);
    expect(page.totalRecords).toBe(3);
    expect(page.lastPage).toBe(false);
    expect(json<Page>(await list(retail, '2/1')).lastPage).toBe(true);

    const desc = json<Page>(await list(retail, '0/15', { sortBy: 'numEntries', direction: 'desc' }));
    expect(desc.records.map((r) => r.numEntries)).toEqual([4, 3, 1]);
  });

  it('searches name, description and prompt, case-insensitively', async () => {
    expect(json<Page>(await list(retail, '0/15', { search: 'PRIORITY' })).records.map((r) => r.name)).toEqual([
      'Priority customers',
    ]);
    expect(json<Page>(await list(retail, '0/15', { search: 'cold calls' })).totalRecords).toBe(1);
    expect(json<Page>(await list(retail, '0/15', { search: 'barred' })).totalRecords).toBe(1);
    expect(json<Page>(await list(retail, '0/15', { search: '100%' })).totalRecords).toBe(0);
  });

  it('answers the GET form of the list with sortByDir', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/accesscontrol/0/2?sortBy=name&sortByDir=desc',
      headers: retail,
    });
    expect(json<Page>(res).records.map((r) => r.name)).toEqual(['Priority customers', 'Out of hours engineers']);
  });

  it('refuses unknown sort columns and bad paging with 400', async () => {
    expect((await list(retail, '0/15', { sortBy: 'account_no' })).statusCode).toBe(400);
    expect((await list(retail, '0/500')).statusCode).toBe(400);
    expect((await list(retail, '-1/15')).statusCode).toBe(400);
  });

  it('needs a session (401) and the acl read mask (403)', async () => {
    expect((await list({}, '0/15')).statusCode).toBe(401);
    const user = await t.database.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'viewer')
      .executeTakeFirstOrThrow();
    await t.database.db
      .updateTable('user_permissions')
      .set({ mask: 0 })
      .where('user_id', '=', user.id)
      .where('feature_id', '=', 2034)
      .execute();
    try {
      const res = await list(viewer, '0/15');
      expect(res.statusCode).toBe(403);
      expect(json(res).message).toBe(MESSAGES.forbidden);
    } finally {
      await t.database.db
        .updateTable('user_permissions')
        .set({ mask: 2 })
        .where('user_id', '=', user.id)
        .where('feature_id', '=', 2034)
        .execute();
    }
  });
});

describe('access lists: create, read, update, delete', () => {
  it('creates and reads back, with an account prompt or a system prompt', async () => {
    const prompts = json<{ records: Array<{ id: number; name: string; provider: boolean }> }>(
      await t.app.inject({ method: 'GET', url: '/api/v1/prompts/options', headers: retail }),
    ).records;
    expect(prompts.some((p) => p.provider)).toBe(true);
    expect(prompts.find((p) => !p.provider)?.name).toBe('Acme main greeting');
    expect(prompts.some((p) => p.name === 'Bella salon greeting')).toBe(false);

    const system = prompts.find((p) => p.provider) as { id: number };
    const res = await create(retail, {
      name: 'Suppliers',
      description: 'Wholesalers we call back',
      promptId: system.id,
    });
    expect(res.statusCode).toBe(200);
    const body = json<{ success: boolean; message: string; id: number }>(res);
    expect(body).toMatchObject({ success: true, message: 'Suppliers created successfully' });
    const read = json<List>(
      await t.app.inject({ method: 'GET', url: `/api/v1/accesscontrol/${body.id}`, headers: retail }),
    );
    expect(read).toMatchObject({
      name: 'Suppliers',
      description: 'Wholesalers we call back',
      promptId: system.id,
      numEntries: 0,
    });
  });

  it('refuses another account’s prompt', async () => {
    const bella = await t.database.db
      .selectFrom('prompts')
      .select('id')
      .where('name', '=', 'Bella salon greeting')
      .executeTakeFirstOrThrow();
    const res = await create(retail, { name: 'Sneaky', promptId: bella.id });
    expect(res.statusCode).toBe(400);
    expect(json(res).validation).toEqual({ promptId: MESSAGES.recordNotFound });
  });

  it('validates name (required, max 50) and description (max 50) with the spec messages', async () => {
    const empty = await create(retail, { name: '   ', description: '' });
    expect(empty.statusCode).toBe(400);
    expect(json(empty)).toMatchObject({
      success: false,
      message: MESSAGES.required,
      validation: { name: MESSAGES.required },
    });
    const long = await create(retail, { name: 'x'.repeat(51), description: 'y'.repeat(51) });
    expect(json(long)).toMatchObject({
      message: MESSAGES.multipleErrors,
      validation: { name: 'Length must not exceed 50 characters', description: 'Length must not exceed 50 characters' },
    });
    const fifty = await create(retail, { name: 'n'.repeat(50), description: 'd'.repeat(50) });
    expect(fifty.statusCode).toBe(200);
  });

  it('refuses a second list of the same name in the account, in any case, and changes nothing', async () => {
    const before = json<Page>(await list(retail, '-1/-1')).totalRecords;
    for (const name of ['Priority customers', 'PRIORITY CUSTOMERS']) {
      const res = await create(retail, { name, description: '' });
      expect(res.statusCode).toBe(400);
      expect(json(res)).toMatchObject({ message: MESSAGES.aclNameInUse, validation: { name: MESSAGES.aclNameInUse } });
    }
    expect(json<Page>(await list(retail, '-1/-1')).totalRecords).toBe(before);
    // Another account's list of that name is no clash; a list keeps its own name on save.
    const other = await create(prepay, { name: 'Priority customers', description: '' });
    expect(other.statusCode).toBe(200);
    const id = json<{ id: number }>(other).id;
    const save = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/accesscontrol/${id}`,
      headers: prepay,
      payload: { name: 'Priority customers', description: 'Kept', promptId: null },
    });
    expect(save.statusCode).toBe(200);
    const gone = await t.app.inject({ method: 'DELETE', url: `/api/v1/accesscontrol/${id}`, headers: prepay });
    expect(gone.statusCode).toBe(200);
  });

  it.skipIf(!onPostgres)(
    'refuses a name another request is saving at the same moment (the key, past the check), creating nothing',
    async () => {
      const before = json<Page>(await list(retail, '-1/-1')).totalRecords;
      const res = await raceWithOpenTransaction(
        t.database.db,
        (trx) =>
          trx
            .insertInto('access_lists')
            .values({ account_no: 30000, name: 'Night callers', description: '' })
            .execute(),
        () => create(retail, { name: 'NIGHT CALLERS', description: '' }),
      );
      expect(res.statusCode).toBe(400);
      expect(json(res)).toMatchObject({ message: MESSAGES.aclNameInUse, validation: { name: MESSAGES.aclNameInUse } });
      expect(json<Page>(await list(retail, '-1/-1')).totalRecords).toBe(before + 1);
    },
  );

  it('updates and answers "{name} has been updated"', async () => {
    const id = json<{ id: number }>(await create(retail, { name: 'Temp list' })).id;
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/accesscontrol/${id}`,
      headers: retail,
      payload: { name: 'Renamed list', description: 'Now described', promptId: null },
    });
    expect(json(res)).toMatchObject({ success: true, message: 'Renamed list has been updated' });
    const read = json<List>(await t.app.inject({ method: 'GET', url: `/api/v1/accesscontrol/${id}`, headers: retail }));
    expect(read).toMatchObject({ name: 'Renamed list', description: 'Now described', promptId: null });
  });

  it('deletes a list with its entries', async () => {
    const id = json<{ id: number }>(await create(retail, { name: 'Doomed' })).id;
    await t.app.inject({
      method: 'POST',
      url: `/api/v1/accesscontrol/entry/${id}`,
      headers: retail,
      payload: { number: '01214960001' },
    });
    const res = await t.app.inject({ method: 'DELETE', url: `/api/v1/accesscontrol/${id}`, headers: retail });
    expect(json(res)).toMatchObject({ success: true, message: 'Successfully deleted Doomed' });
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/v1/accesscontrol/${id}`, headers: retail })).statusCode,
    ).toBe(404);
    const orphans = await t.database.db
      .selectFrom('access_list_entries')
      .select('id')
      .where('access_list_id', '=', id)
      .execute();
    expect(orphans).toEqual([]);
  });

  it('lets a read-only user read but not write (403)', async () => {
    expect((await list(viewer, '0/15')).statusCode).toBe(200);
    expect((await create(viewer, { name: 'Nope' })).statusCode).toBe(403);
    const first = json<Page>(await list(viewer, '0/1')).records[0] as List;
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: `/api/v1/accesscontrol/${first.id}`,
          headers: viewer,
          payload: { name: 'X' },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/v1/accesscontrol/${first.id}`, headers: viewer })).statusCode,
    ).toBe(403);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/v1/accesscontrol/entry/${first.id}`,
          headers: viewer,
          payload: { number: '01214960002' },
        })
      ).statusCode,
    ).toBe(403);
  });
});

describe('access lists: another account', () => {
  it('cannot see or change 30000’s lists or entries (404, nothing changed)', async () => {
    const theirs = json<Page>(await list(retail, '-1/-1')).records.find((r) => r.name === 'Nuisance callers') as List;
    const mine = json<Page>(await list(prepay, '-1/-1'));
    expect(mine.records.map((r) => r.name)).toEqual(['Blocked callers']);
    const url = `/api/v1/accesscontrol/${theirs.id}`;
    expect((await t.app.inject({ method: 'GET', url, headers: prepay })).statusCode).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url,
          headers: prepay,
          payload: { name: 'Hijacked', description: '', promptId: null },
        })
      ).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url, headers: prepay })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `${url}/entries`, headers: prepay })).statusCode).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/v1/accesscontrol/entry/${theirs.id}`,
          headers: prepay,
          payload: { number: '01179460001' },
        })
      ).statusCode,
    ).toBe(404);
    const entries = json<{ records: Array<{ id: number }> }>(
      await t.app.inject({ method: 'GET', url: `${url}/entries`, headers: retail }),
    ).records;
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `/api/v1/accesscontrol/entry/${(entries[0] as { id: number }).id}`,
          headers: prepay,
        })
      ).statusCode,
    ).toBe(404);
    const after = json<List>(await t.app.inject({ method: 'GET', url, headers: retail }));
    expect(after).toMatchObject({ name: 'Nuisance callers', numEntries: 4 });
  });
});

describe('access lists: entries', () => {
  let id: number;
  beforeAll(async () => {
    id = json<{ id: number }>(await create(retail, { name: 'Entries test' })).id;
  });
  const add = (number: string) =>
    t.app.inject({ method: 'POST', url: `/api/v1/accesscontrol/entry/${id}`, headers: retail, payload: { number } });

  it('adds, lists and deletes numbers', async () => {
    expect(json(await add('01214960100'))).toMatchObject({ success: true });
    expect(json(await add('+441214960101'))).toMatchObject({ success: true });
    const entries = json<{ records: Array<{ id: number; number: string }> }>(
      await t.app.inject({ method: 'GET', url: `/api/v1/accesscontrol/${id}/entries`, headers: retail }),
    ).records;
    expect(entries.map((e) => e.number)).toEqual(['+441214960101', '01214960100']);
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/accesscontrol/entry/${(entries[0] as { id: number }).id}`,
      headers: retail,
    });
    expect(json(del)).toMatchObject({ success: true, message: 'Successfully deleted +441214960101' });
  });

  it('gives the spec messages: empty, pattern, repeat', async () => {
    expect(json(await add(''))).toMatchObject({ validation: { number: 'Please enter a telephone number' } });
    expect(json(await add('12ab'))).toMatchObject({ validation: { number: 'Please enter a valid telephone number.' } });
    expect(json(await add('123456789012345'))).toMatchObject({
      validation: { number: 'Please enter a valid telephone number.' },
    });
    // A plus only as the first character.
    for (const number of ['+++++', '1+2+3+4+5', '01214960+00']) {
      const res = await add(number);
      expect(res.statusCode).toBe(400);
      expect(json(res)).toMatchObject({ validation: { number: 'Please enter a valid telephone number.' } });
    }
    await add('01214960200');
    const dup = await add('01214960200');
    expect(dup.statusCode).toBe(400);
    expect(json(dup)).toMatchObject({
      validation: { number: 'This telephone number is already a part of this access list' },
    });
  });

  const upload = (content: string | Buffer, filename = 'numbers.csv', type = 'text/csv', field = 'numbers') => {
    const boundary = '----sbtest';
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`;
    const payload = Buffer.concat([
      Buffer.from(head),
      Buffer.isBuffer(content) ? content : Buffer.from(content),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return t.app.inject({
      method: 'POST',
      url: `/api/v1/accesscontrol/entry/${id}/csv`,
      headers: { ...retail, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
  };

  it('uploads a CSV: good lines added, failures per line', async () => {
    const res = await upload('number\n01214960300\n01214960301\nnot-a-number\n01214960300\n01214960200\n');
    expect(res.statusCode).toBe(200);
    const body = json<{
      success: boolean;
      added: number;
      failures: Array<{ line: number; number: string; message: string }>;
    }>(res);
    expect(body.success).toBe(false);
    expect(body.added).toBe(2);
    expect(body.failures).toEqual([
      { line: 4, number: 'not-a-number', message: 'Please enter a valid telephone number.' },
      { line: 5, number: '01214960300', message: 'This telephone number is already a part of this access list' },
      { line: 6, number: '01214960200', message: 'This telephone number is already a part of this access list' },
    ]);
  });

  it('says a file with no numbers (empty, or a header alone) is empty, not that none was chosen', async () => {
    for (const content of ['', 'number\n', '\n\n']) {
      const res = await upload(content);
      expect(res.statusCode).toBe(400);
      expect(json(res)).toMatchObject({ message: MESSAGES.csvEmpty, validation: { numbers: MESSAGES.csvEmpty } });
    }
  });

  type Upload = { success: boolean; added: number; failures: Array<{ line: number; number: string; message: string }> };
  const numbersOnList = async () =>
    json<{ records: Array<{ number: string }> }>(
      await t.app.inject({ method: 'GET', url: `/api/v1/accesscontrol/${id}/entries`, headers: retail }),
    ).records.map((e) => e.number);

  it('reads quoted fields whole, commas inside and all', async () => {
    const res = await upload(
      'Number,Name\r\n"01134960500","Smith, John"\r\n"0113 496 0501",Leeds\r\n"0113,496,0502","x, y"\r\n',
    );
    expect(res.statusCode).toBe(200);
    expect(json<Upload>(res)).toMatchObject({
      added: 2,
      failures: [{ line: 4, number: '0113,496,0502', message: 'Please enter a valid telephone number.' }],
    });
    expect(await numbersOnList()).toEqual(expect.arrayContaining(['01134960500', '01134960501']));
  });

  it('reads a semicolon file', async () => {
    const res = await upload('number;name\n01134960510;Leeds office\n01134960511;"York; shop"\nbad;x\n');
    expect(json<Upload>(res)).toMatchObject({
      added: 2,
      failures: [{ line: 4, number: 'bad', message: 'Please enter a valid telephone number.' }],
    });
    expect(await numbersOnList()).toEqual(expect.arrayContaining(['01134960510', '01134960511']));
  });

  it('reads a file with a byte order mark (a spreadsheet’s CSV UTF-8), CRLF and a line break in a name', async () => {
    const bom = Buffer.from([0xef, 0xbb, 0xbf]);
    const res = await upload(
      Buffer.concat([bom, Buffer.from('Number;Name\r\n01134960520;"Zoë\r\nLeeds"\r\n01134960521;York\r\n12;x\r\n')]),
    );
    expect(json<Upload>(res)).toMatchObject({
      added: 2,
      failures: [{ line: 5, number: '12', message: 'Please enter a valid telephone number.' }],
    });
    expect(await numbersOnList()).toEqual(expect.arrayContaining(['01134960520', '01134960521']));
  });

  it('refuses a file that is no CSV (an unclosed quote), adding nothing', async () => {
    const before = await numbersOnList();
    const res = await upload('01134960530\n"01134960531\n01134960532\n');
    expect(res.statusCode).toBe(400);
    expect(json(res)).toMatchObject({ success: false, message: MESSAGES.invalidFileFormat });
    expect(await numbersOnList()).toEqual(before);
  });

  it('refuses a file that is not CSV, by name or by content', async () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
    const byName = await upload('01214960400', 'numbers.xlsx', 'application/octet-stream');
    expect(byName.statusCode).toBe(400);
    expect(json(byName).message).toBe(MESSAGES.invalidFileFormat);
    const byContent = await upload(png, 'numbers.csv', 'text/csv');
    expect(byContent.statusCode).toBe(400);
    expect(json(byContent).message).toBe(MESSAGES.invalidFileFormat);
    const none = await upload('01214960400', 'numbers.csv', 'text/csv', 'other');
    expect(none.statusCode).toBe(400);
  });

  describe('a CSV of 10,000 numbers, the most one upload takes (inserted in batches)', () => {
    // 10,000 distinct valid UK numbers; one already on the list (from the upload above), near the end.
    const numbers = Array.from({ length: CSV_MAX_NUMBERS }, (_, i) => `01632${String(100_000 + i)}`);
    numbers[9_000] = '01214960300';
    const csv = `number\n${numbers.join('\n')}\n`;
    const entries = async () =>
      Number(
        (
          await t.database.db
            .selectFrom('access_list_entries')
            .select(sql<number>`count(*)::int`.as('n'))
            .where('access_list_id', '=', id)
            .executeTakeFirstOrThrow()
        ).n,
      );

    it('adds every number or none: a failure in a late batch leaves the list as it was', async () => {
      const before = await entries();
      // The database refuses one number near the end (a trigger raising an error).
      await sql
        .raw(`create or replace function test_refuse() returns trigger language plpgsql as $$
          begin raise exception 'refused by the test'; end $$`)
        .execute(t.database.db);
      await sql
        .raw(`create trigger test_refuse_number before insert on access_list_entries for each row
          when (new.number = '${numbers[9_999]}') execute function test_refuse()`)
        .execute(t.database.db);
      try {
        const res = await upload(csv);
        expect(res.statusCode).toBe(500);
        expect(json(res)).toEqual({ success: false, message: MESSAGES.saveFallbackSupport });
      } finally {
        await sql.raw('drop trigger test_refuse_number on access_list_entries').execute(t.database.db);
      }
      expect(await entries()).toBe(before);
    });

    it('adds them all in one upload, with the duplicate as the one failure', async () => {
      const before = await entries();
      const res = await upload(csv);
      expect(res.statusCode).toBe(200);
      expect(json(res)).toEqual({
        success: false,
        message: `9999 numbers added to Entries test, ${MESSAGES.errorsOccurred(1)}`,
        added: 9_999,
        failures: [{ line: 9_002, number: '01214960300', message: MESSAGES.aclDuplicate }],
        failureCount: 1,
      });
      expect(await entries()).toBe(before + 9_999);
    });

    it('refuses a file of more numbers than that, reading no further, and adds none', async () => {
      const before = await entries();
      const more = `${csv}01632999999\n`;
      const res = await upload(more);
      expect(res.statusCode).toBe(400);
      expect(json(res)).toMatchObject({
        success: false,
        message: MESSAGES.csvTooManyNumbers(CSV_MAX_NUMBERS),
        validation: { numbers: MESSAGES.csvTooManyNumbers(CSV_MAX_NUMBERS) },
      });
      expect(await entries()).toBe(before);
    });

    it('answers one number repeated thousands of times with counts and the first failures, not an echo', async () => {
      const res = await upload(`${'01632960999\n'.repeat(5_000)}`);
      expect(res.statusCode).toBe(200);
      const reply = json<{ added: number; failures: unknown[]; failureCount: number }>(res);
      expect(reply.added).toBe(1);
      expect(reply.failureCount).toBe(4_999);
      expect(reply.failures).toHaveLength(CSV_FAILURES_SHOWN);
      expect(res.body.length).toBeLessThan(20_000);
    });
  });
});

describe('access lists: CSV upload to another account’s list', () => {
  it('answers 404 to 30001 uploading to a 30000 list, and changes nothing', async () => {
    const theirs = json<Page>(await list(retail, '-1/-1')).records.find((r) => r.name === 'Nuisance callers') as List;
    const entriesOf = async () =>
      json<{ records: Array<{ number: string }> }>(
        await t.app.inject({ method: 'GET', url: `/api/v1/accesscontrol/${theirs.id}/entries`, headers: retail }),
      ).records.map((e) => e.number);
    const before = await entriesOf();
    const boundary = '----sbtest';
    const payload = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="numbers"; filename="numbers.csv"\r\nContent-Type: text/csv\r\n\r\n01632960777\n01632960778\r\n--${boundary}--\r\n`,
    );
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/accesscontrol/entry/${theirs.id}/csv`,
      headers: { ...prepay, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect(res.statusCode).toBe(404);
    expect(json(res)).toMatchObject({ success: false, message: MESSAGES.recordNotFound });
    expect(await entriesOf()).toEqual(before);
    const stray = await t.database.db
      .selectFrom('access_list_entries')
      .select('id')
      .where('number', 'in', ['01632960777', '01632960778'])
      .execute();
    expect(stray).toEqual([]);
  });
});

describe('access lists: id-less deletes (DELETE /accesscontrol, DELETE /accesscontrol/entry)', () => {
  const del = (url: string, headers: Record<string, string>, payload?: unknown) =>
    t.app.inject({
      method: 'DELETE',
      url: `/api/v1${url}`,
      headers,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const exists = async (id: number) =>
    (await t.app.inject({ method: 'GET', url: `/api/v1/accesscontrol/${id}`, headers: retail })).statusCode === 200;
  const newList = async (name: string) => json<{ id: number }>(await create(retail, { name })).id;
  const addEntry = async (listId: number, number: string) =>
    json<{ id: number }>(
      await t.app.inject({
        method: 'POST',
        url: `/api/v1/accesscontrol/entry/${listId}`,
        headers: retail,
        payload: { number },
      }),
    ).id;
  const entryNumbers = async (listId: number) =>
    json<{ records: Array<{ number: string }> }>(
      await t.app.inject({ method: 'GET', url: `/api/v1/accesscontrol/${listId}/entries`, headers: retail }),
    ).records.map((e) => e.number);

  it('deletes one list by { id } with the per-id reply', async () => {
    const id = await newList('Bulk one');
    const res = await del('/accesscontrol', retail, { id });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({ success: true, message: 'Successfully deleted Bulk one', id });
    expect(await exists(id)).toBe(false);
  });

  it('deletes several lists by { ids } in one go', async () => {
    const a = await newList('Bulk A');
    const b = await newList('Bulk B');
    await addEntry(a, '01214960601');
    const res = await del('/accesscontrol', retail, { ids: [a, b] });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({ success: true, message: 'Successfully deleted Bulk A, Bulk B', ids: [a, b] });
    expect(await exists(a)).toBe(false);
    expect(await exists(b)).toBe(false);
  });

  it('answers 404 and deletes nothing when any id is another account’s', async () => {
    const mine = await newList('Keep me');
    const theirs = json<Page>(await list(prepay, '-1/-1')).records[0] as List;
    const res = await del('/accesscontrol', retail, { ids: [mine, theirs.id] });
    expect(res.statusCode).toBe(404);
    expect(json(res)).toMatchObject({ success: false, message: MESSAGES.recordNotFound });
    expect(await exists(mine)).toBe(true);
    expect(json<Page>(await list(prepay, '-1/-1')).records.map((r) => r.name)).toEqual([theirs.name]);
    expect((await del('/accesscontrol', retail, { id: theirs.id })).statusCode).toBe(404);
    expect((await del('/accesscontrol', retail, { ids: [mine, 99_999_999] })).statusCode).toBe(404);
    expect(await exists(mine)).toBe(true);
  });

  it('refuses a bad body with 400 and deletes nothing', async () => {
    const id = await newList('Bad bodies');
    for (const body of [
      undefined,
      {},
      { ids: [] },
      { ids: ['x'] },
      { ids: [id, -1] },
      { id: 0 },
      { id: String(id) },
      { id, ids: [id] },
      { id, extra: true },
    ]) {
      const res = await del('/accesscontrol', retail, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(json(res).success).toBe(false);
    }
    expect(await exists(id)).toBe(true);
  });

  it('needs the acl delete mask (403)', async () => {
    const id = await newList('Viewer target');
    const res = await del('/accesscontrol', viewer, { ids: [id] });
    expect(res.statusCode).toBe(403);
    expect(json(res).message).toBe(MESSAGES.forbidden);
    expect(await exists(id)).toBe(true);
    expect((await del('/accesscontrol', {}, { ids: [id] })).statusCode).toBe(401);
  });

  it('refuses an in-use record as the per-id delete does, and deletes nothing', async () => {
    type Profile = { id: number; name: string };
    const profiles = json<{ records: Profile[] }>(
      await t.app.inject({ method: 'POST', url: '/api/v1/timeprofile/-1/-1', headers: retail, payload: {} }),
    ).records;
    const used = profiles.find((p) => p.name === 'Weekend cover') as Profile;
    const perId = await del(`/timeprofile/${used.id}`, retail);
    const bulk = await del('/timeprofile', retail, { ids: profiles.map((p) => p.id) });
    expect(perId.statusCode).toBe(409);
    expect(bulk.statusCode).toBe(409);
    expect(json(bulk)).toMatchObject({ success: false, message: expect.stringMatching(/^In use in /) });
    const single = await del('/timeprofile', retail, { id: used.id });
    expect(single.statusCode).toBe(409);
    expect(json(single)).toEqual(json(perId));
    const after = json<{ records: Profile[] }>(
      await t.app.inject({ method: 'POST', url: '/api/v1/timeprofile/-1/-1', headers: retail, payload: {} }),
    ).records;
    expect(after.map((p) => p.id)).toEqual(profiles.map((p) => p.id));
  });

  it('deletes entries by { id } and { ids }', async () => {
    const listId = await newList('Entry deletes');
    const one = await addEntry(listId, '01214960701');
    const two = await addEntry(listId, '01214960702');
    const three = await addEntry(listId, '01214960703');
    const single = await del('/accesscontrol/entry', retail, { id: one });
    expect(json(single)).toEqual({ success: true, message: 'Successfully deleted 01214960701', id: one });
    const several = await del('/accesscontrol/entry', retail, { ids: [three, two] });
    expect(several.statusCode).toBe(200);
    expect(json(several)).toEqual({
      success: true,
      message: 'Successfully deleted 01214960703, 01214960702',
      ids: [three, two],
    });
    expect(await entryNumbers(listId)).toEqual([]);
  });

  it('answers 404 for another account’s entry and deletes none of the batch', async () => {
    const listId = await newList('Entry guard');
    const mine = await addEntry(listId, '01214960801');
    const theirList = json<Page>(await list(prepay, '-1/-1')).records[0] as List;
    const theirEntries = json<{ records: Array<{ id: number; number: string }> }>(
      await t.app.inject({ method: 'GET', url: `/api/v1/accesscontrol/${theirList.id}/entries`, headers: prepay }),
    ).records;
    const theirs = theirEntries[0] as { id: number };
    const res = await del('/accesscontrol/entry', retail, { ids: [mine, theirs.id] });
    expect(res.statusCode).toBe(404);
    expect(json(res)).toMatchObject({ success: false, message: MESSAGES.recordNotFound });
    expect(await entryNumbers(listId)).toEqual(['01214960801']);
    const theirsAfter = json<{ records: Array<{ id: number }> }>(
      await t.app.inject({ method: 'GET', url: `/api/v1/accesscontrol/${theirList.id}/entries`, headers: prepay }),
    ).records;
    expect(theirsAfter).toHaveLength(theirEntries.length);
  });

  it('refuses a bad entry body with 400, and a read-only user with 403', async () => {
    const listId = await newList('Entry bodies');
    const id = await addEntry(listId, '01214960901');
    for (const body of [undefined, {}, { ids: [] }, { ids: [id, 'x'] }, { id: -5 }, { number: '01214960901' }]) {
      const res = await del('/accesscontrol/entry', retail, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await del('/accesscontrol/entry', viewer, { id })).statusCode).toBe(403);
    expect(await entryNumbers(listId)).toEqual(['01214960901']);
  });
});
