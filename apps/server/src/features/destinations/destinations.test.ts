import { type DestinationOption, FEATURES, MASK, type UsedBy } from '@switchboard/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser, createTestContext, json, type TestContext } from '../../test/harness.ts';

let t: TestContext;
let retail: Headers;
let viewer: Headers;
let prepay: Headers;

type Headers = Record<string, string>;
type Page<T> = { records: T[]; totalRecords: number; lastPage: boolean };

/** A user of Acme (30000) holding only the given read grants (plus the panel), signed in. */
const userWith = async (username: string, features: number[]): Promise<Headers> => {
  await addUser(t.database.db, {
    username,
    accountNo: 30000,
    grants: features.map((f): [number, number] => [f, MASK.readOnly]),
  });
  return t.login(username);
};

beforeAll(async () => {
  t = await createTestContext();
  retail = await t.login('retail');
  viewer = await t.login('viewer');
  prepay = await t.login('prepay');
});
afterAll(async () => t?.close());

const destinations = async (headers: Headers) => {
  const res = await t.api('GET', '/destinations', headers);
  expect(res.statusCode).toBe(200);
  const page = json<Page<DestinationOption>>(res);
  // The paged form answers the same choices.
  expect(json<Page<DestinationOption>>(await t.api('POST', '/destinations/-1/-1', headers, {}))).toEqual(page);
  return page;
};
const types = (page: Page<DestinationOption>) => [...new Set(page.records.map((d) => d.type))].sort();

describe('destinations', () => {
  it('lists every routable object of the account to a user who may read them', async () => {
    const all = await destinations(retail);
    // The demo's routing estate: seats, trunks, time profiles, a call group, a queue, an IVR, an NTS, a room.
    expect(types(all)).toEqual([
      'callgroup',
      'conference',
      'ivr',
      'nts',
      'queue',
      'seat',
      'timeprofile',
      'trunk',
      'voicemail',
    ]);
    expect(all.records.map((d) => d.label)).toEqual(
      expect.arrayContaining([
        '350 - Sales team',
        '360 - Customer support',
        '370 - Main menu',
        'Out of hours engineer',
        '380 - Site meetings',
      ]),
    );
    expect(all.totalRecords).toBe(all.records.length);
    expect(all.lastPage).toBe(true);
    expect(all.records).toContainEqual({
      value: 'seat:201',
      label: '201 - Reception',
      type: 'seat',
      typeLabel: 'Seat',
    });
    expect(all.records.map((d) => d.label)).toContain('Main PBX');
    expect(all.records.map((d) => d.label)).toContain('300 - Office hours');
    // A read-only user reads every area, so sees the same choices.
    expect(await destinations(viewer)).toEqual(all);
    // Another account's objects never appear.
    expect((await destinations(prepay)).records.map((d) => d.label)).not.toContain('201 - Reception');
  });

  it('leaves out each area the user may not read, names included', async () => {
    const profilesOnly = await destinations(await userWith('profiles.only', [FEATURES.timeProfile]));
    expect(types(profilesOnly)).toEqual(['timeprofile']);
    expect(profilesOnly.records.map((d) => d.label)).toEqual(['300 - Office hours', '301 - Weekend cover']);
    expect(profilesOnly.totalRecords).toBe(2);
    const text = JSON.stringify(profilesOnly);
    expect(text).not.toContain('Reception');
    expect(text).not.toContain('Main PBX');

    const seatsAndTrunks = await destinations(
      await userWith('seats.trunks', [FEATURES.seats, FEATURES.sipTrunks, FEATURES.numbers]),
    );
    expect(types(seatsAndTrunks)).toEqual(['seat', 'trunk']);

    const nothing = await destinations(await userWith('no.areas', [FEATURES.numbers]));
    expect(nothing).toEqual({ records: [], totalRecords: 0, lastPage: true });
  });

  it('says what routes to a destination, each with its page: IVR keys, numbers, fallovers', async () => {
    const usedBy = async (value: string, headers: Headers = retail) => {
      const res = await t.api('GET', `/destinations/used-by/${encodeURIComponent(value)}`, headers);
      return {
        status: res.statusCode,
        records: res.statusCode === 200 ? json<{ records: UsedBy[] }>(res).records : [],
      };
    };
    const ivr = await t.database.db.selectFrom('ivrs').select('id').where('ivr_no', '=', 370).executeTakeFirstOrThrow();
    const number = await t.database.db
      .updateTable('telephone_numbers')
      .set({ destination: 'callgroup:350' })
      .where('number', '=', '01214960001')
      .returning('id')
      .executeTakeFirstOrThrow();
    // The demo IVR routes key 1 to the sales group; sorted by type and name.
    expect((await usedBy('callgroup:350')).records).toEqual([
      { type: 'IVR', name: '370 - Main menu', link: `/ivrs/${ivr.id}` },
      { type: 'Telephone Number', name: '01214960001 (Sales)', link: `/telephone-numbers/${number.id}` },
    ]);
    expect((await usedBy('queue:360')).records).toEqual([
      { type: 'IVR', name: '370 - Main menu', link: `/ivrs/${ivr.id}` },
    ]);
    // The main menu answers the main line in office hours (time profile 300).
    const office = await t.database.db
      .selectFrom('time_profiles')
      .select('id')
      .where('account_no', '=', 30000)
      .where('extension', '=', 300)
      .executeTakeFirstOrThrow();
    expect((await usedBy('ivr:370')).records).toEqual([
      { type: 'Time Profile', name: '300 - Office hours', link: `/time-profiles/${office.id}` },
    ]);
    // Reception answers key 0, takes the sales group's unanswered calls and the DR trunk's fallover.
    expect((await usedBy('seat:201')).records.map((r) => `${r.type} ${r.name}`)).toEqual([
      'Call Group 350 - Sales team',
      'IVR 370 - Main menu',
      'SIP Trunk DR site',
    ]);
    // Another account sees nothing of Acme's routing.
    expect(await usedBy('callgroup:350', prepay)).toEqual({ status: 200, records: [] });
    // Read on the destination's area is needed, and the value must be a destination.
    expect((await usedBy('callgroup:350', await userWith('profiles.usage', [FEATURES.timeProfile]))).status).toBe(403);
    expect((await usedBy('nothing')).status).toBe(400);
    expect((await t.api('GET', '/destinations/used-by/seat%3A201', {})).statusCode).toBe(401);
  });

  describe('the pickers: search and labels', () => {
    type Found = { records: DestinationOption[]; lastPage: boolean };
    const search = async (query: string, headers: Headers = retail) => {
      const res = await t.api('GET', `/destinations/search?${query}`, headers);
      expect(res.statusCode, res.body).toBe(200);
      return json<Found>(res);
    };
    const labels = async (ids: string, headers: Headers = retail) => {
      const res = await t.api('GET', `/destinations/labels?ids=${encodeURIComponent(ids)}`, headers);
      expect(res.statusCode, res.body).toBe(200);
      return json<{ records: DestinationOption[] }>(res).records;
    };

    it('pages through the same choices as the whole list, in its order, at most 50 at a time', async () => {
      const all = (await destinations(retail)).records;
      const paged: DestinationOption[] = [];
      for (let offset = 0; ; offset += 4) {
        const page = await search(`offset=${offset}&limit=4`);
        expect(page.records.length).toBeLessThanOrEqual(4);
        paged.push(...page.records);
        if (page.lastPage) break;
      }
      expect(paged).toEqual(all);
      // The default page is 20; the first page of two is not the last.
      expect((await search('')).records).toEqual(all.slice(0, 20));
      expect(await search('limit=2')).toEqual({ records: all.slice(0, 2), lastPage: false });
    });

    it('finds a term anywhere in a label, whatever its case, of the kinds asked for', async () => {
      const found = await search('q=rECEPtion');
      expect(found.lastPage).toBe(true);
      expect(found.records.map((d) => d.value)).toEqual(['seat:201', 'voicemail:201']);
      expect(found.records[0]).toEqual({
        value: 'seat:201',
        label: '201 - Reception',
        type: 'seat',
        typeLabel: 'Seat',
      });
      expect((await search('q=reception&type=seat')).records.map((d) => d.value)).toEqual(['seat:201']);
      expect((await search('q=350')).records.map((d) => d.label)).toEqual(['350 - Sales team']);
      const seatsAndProfiles = await search('type=seat,timeprofile&limit=50');
      expect(types({ ...seatsAndProfiles, totalRecords: 0 })).toEqual(['seat', 'timeprofile']);
      // A wildcard is a character like any other.
      expect((await search('q=%25')).records).toEqual([]);
      expect((await search('q=_')).records).toEqual([]);
      // Another account's objects are never found.
      expect((await search('q=reception', prepay)).records).toEqual([]);
    });

    it('finds through the seats’ indexed names what a read of every label finds, whatever the term', async () => {
      const all = (await destinations(retail)).records;
      const demo = all.find((d) => d.type === 'seat' && d.label.includes(' - '));
      if (!demo) throw new Error('the demo has no seat with a nickname');
      const nickname = demo.label.split(' - ')[1] as string;
      const terms = [
        'zzz', // no label
        nickname.slice(1, 5).toUpperCase(), // inside a nickname, another case
        demo.value.split(':')[1] as string, // an extension
        `${demo.label.split(' - ')[0]} - ${nickname.slice(0, 2)}`, // across the name's ' - '
        'Voicemail 20', // the voicemail's own words
        'ail 2', // across them and the extension
      ];
      for (const term of terms) {
        const found = await search(`q=${encodeURIComponent(term)}&limit=50`);
        const expected = all.filter((d) => d.label.toLowerCase().includes(term.toLowerCase()));
        expect(found.records, term).toEqual(expected.slice(0, 50));
      }
    });

    it('reads a term no seat’s name holds from the names’ index, not from every seat', async () => {
      const sent = await t.statements(() => search('q=qqqzzz&type=seat,voicemail'));
      const statement = sent.find((q) => q.sql.includes('row_number()'));
      expect(statement?.sql.match(/app_search_ids/g)).toHaveLength(2);
      // A term the index cannot look up (no three letters or digits in a row), or that may take in the
      // voicemail's own words, is read as before.
      const short = (await t.statements(() => search('q=D%203&type=seat'))).find((q) => q.sql.includes('row_number()'));
      expect(short?.sql).not.toContain('app_search_ids');
      const words = (await t.statements(() => search('q=mail%202&type=voicemail'))).find((q) =>
        q.sql.includes('row_number()'),
      );
      expect(words?.sql).not.toContain('app_search_ids');
    });

    it('shows each user only the areas they may read', async () => {
      const profilesOnly = await userWith('profiles.search', [FEATURES.timeProfile]);
      expect((await search('limit=50', profilesOnly)).records.map((d) => d.label)).toEqual([
        '300 - Office hours',
        '301 - Weekend cover',
      ]);
      expect(await search('q=reception', profilesOnly)).toEqual({ records: [], lastPage: true });
      expect(await labels('seat:201,timeprofile:300', profilesOnly)).toEqual([
        { value: 'timeprofile:300', label: '300 - Office hours', type: 'timeprofile', typeLabel: 'Time Profile' },
      ]);
    });

    it("labels the values given, and only the account's own", async () => {
      const all = (await destinations(retail)).records;
      const trunk = all.find((d) => d.type === 'trunk') as DestinationOption;
      const got = await labels(`seat:201,${trunk.value},callgroup:350,seat:99999,CONFERENCING`);
      expect(got.sort((a, b) => (a.value < b.value ? -1 : 1))).toEqual([
        { value: 'CONFERENCING', label: 'Conferencing', type: 'conference', typeLabel: 'Conference' },
        { value: 'callgroup:350', label: '350 - Sales team', type: 'callgroup', typeLabel: 'Call Group' },
        { value: 'seat:201', label: '201 - Reception', type: 'seat', typeLabel: 'Seat' },
        trunk,
      ]);
      // Another account asking for Acme's values is told nothing of them.
      const theirs = await labels(`${trunk.value},callgroup:350,queue:360,ivr:370`, prepay);
      expect(theirs).toEqual([]);
    });

    it('refuses bad input with a 400', async () => {
      const status = async (url: string) => (await t.api('GET', url, retail)).statusCode;
      expect(await status('/destinations/search?limit=51')).toBe(400);
      expect(await status('/destinations/search?limit=0')).toBe(400);
      expect(await status('/destinations/search?offset=-1')).toBe(400);
      expect(await status('/destinations/search?type=seat,nothing')).toBe(400);
      expect(await status(`/destinations/search?q=${'x'.repeat(101)}`)).toBe(400);
      expect(await status('/destinations/labels')).toBe(400);
      expect(await status('/destinations/labels?ids=nothing')).toBe(400);
      const many = Array.from({ length: 51 }, (_, i) => `seat:${i}`).join(',');
      expect(await status(`/destinations/labels?ids=${many}`)).toBe(400);
      const refused = await t.api('GET', '/destinations/labels?ids=seat:201,nothing', retail);
      expect(json<{ message: string }>(refused).message).toBe('Please select an option');
    });
  });

  it('needs a session', async () => {
    expect((await t.api('GET', '/destinations/search', {})).statusCode).toBe(401);
    expect((await t.api('GET', '/destinations/labels?ids=seat:201', {})).statusCode).toBe(401);
    expect((await t.api('GET', '/destinations', {})).statusCode).toBe(401);
    expect((await t.api('POST', '/destinations/-1/-1', {}, {})).statusCode).toBe(401);
  });
});
