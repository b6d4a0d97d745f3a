import {
  type AddressLink,
  type CountryRestrictions,
  INTERNATIONAL_MESSAGES,
  type InternationalAddress,
  type InternationalCountry,
  type InternationalNumber,
  MESSAGES,
  type ProofDocument,
  UPLOAD_MAX_BYTES,
} from '@switchboard/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { demoProofPdf } from '../../demo/international.ts';
import { internationalCompliance } from '../../modules/international/index.ts';
import { storedKeys } from '../../test/file-stores.ts';
import { createTestContext, json, type TestContext } from '../../test/harness.ts';
import { multipart, type Part } from '../../test/multipart.ts';

let t: TestContext;
let reseller: Record<string, string>;
let admin: Record<string, string>;
let retail: Record<string, string>;
let harrogate: Record<string, string>;

beforeAll(async () => {
  t = await createTestContext();
  reseller = await t.login('reseller');
  admin = await t.login('admin');
  retail = await t.login('retail');
  harrogate = await t.login('harrogate');
});
afterAll(async () => t?.close());

type Page<T> = { records: T[]; totalRecords: number; lastPage: boolean };
type Reply = { success?: boolean; message: string; id?: number; validation?: Record<string, string> };

const BASE = '/numbering/international';
const GOOD = {
  title: 'Mr',
  firstname: "D'Arcy",
  lastname: 'Dupont',
  addressLine1: "5 Avenue de l'Opera",
  addressLine2: 'Paris',
  county: 'Ile de France',
  country: 'France',
  postcode: '75001',
  regulationAccepted: true,
};

const PNG = Buffer.concat([
  Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex'),
  Buffer.from('0000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082', 'hex'),
]);

const create = (body: object, headers = reseller) => t.api('POST', `${BASE}/address`, headers, body);
const upload = (id: number, parts: Part[], headers = reseller) => {
  const body = multipart(parts);
  return t.app.inject({
    method: 'POST',
    url: `/api/v1${BASE}/address/${id}/proof/upload`,
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
};
const proof = (filename: string, content: Buffer, proofType = 'Passport'): Part[] => [
  { name: 'proofType', value: proofType },
  { name: 'proofFile', filename, type: 'application/octet-stream', content },
];
const numbers = async (headers = reseller) =>
  json<Page<InternationalNumber>>(await t.api('POST', `${BASE}/-1/-1`, headers)).records;
const proofCount = async () => (await storedKeys(t.app.platform.files, 'international-proofs/')).length;

/** The entries of a ZIP: name → bytes (read with yauzl, as an unzip tool would). */
function unzip(buffer: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error);
      const out = new Map<string, Buffer>();
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            out.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(out));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

describe('international address rules (spec 3 §5)', () => {
  const cases: Array<[string, unknown, string]> = [
    ['title', '', MESSAGES.required],
    ['title', 'Dr.', INTERNATIONAL_MESSAGES.lettersApostrophe],
    ['title', 'A'.repeat(21), MESSAGES.maxLength(20)],
    ['firstname', '', MESSAGES.required],
    ['firstname', 'Jean Paul', INTERNATIONAL_MESSAGES.lettersApostrophe],
    ['firstname', 'A'.repeat(51), MESSAGES.maxLength(50)],
    ['lastname', 'Smith2', INTERNATIONAL_MESSAGES.lettersApostrophe],
    ['lastname', 'A'.repeat(51), MESSAGES.maxLength(50)],
    ['addressLine1', '', MESSAGES.required],
    ['addressLine1', '5, Rue', INTERNATIONAL_MESSAGES.lettersDigitsSpaces],
    ['addressLine1', 'A'.repeat(151), MESSAGES.maxLength(150)],
    ['addressLine2', 'Flat #2', INTERNATIONAL_MESSAGES.lettersDigitsSpaces],
    ['county', 'Ile-de-France', INTERNATIONAL_MESSAGES.lettersSpaces],
    ['county', 'A'.repeat(51), MESSAGES.maxLength(50)],
    ['country', 'France 2', INTERNATIONAL_MESSAGES.lettersSpaces],
    ['country', '', MESSAGES.required],
    ['postcode', '', MESSAGES.required],
    ['postcode', '1'.repeat(21), MESSAGES.maxLength(20)],
    ['regulationAccepted', false, INTERNATIONAL_MESSAGES.regulationNotAccepted],
  ];
  it.each(cases)('refuses %s = %j with its message, creating nothing', async (name, value, message) => {
    const before = json<Page<InternationalAddress>>(
      await t.api('POST', `${BASE}/address/-1/-1`, reseller),
    ).totalRecords;
    const res = await create({ ...GOOD, [name]: value });
    expect(res.statusCode).toBe(400);
    expect(json<Reply>(res).validation?.[name]).toBe(message);
    const after = json<Page<InternationalAddress>>(await t.api('POST', `${BASE}/address/-1/-1`, reseller)).totalRecords;
    expect(after).toBe(before);
  });

  it('refuses an address without the regulation accepted at all', async () => {
    const { regulationAccepted: _, ...rest } = GOOD;
    const res = await create(rest);
    expect(res.statusCode).toBe(400);
    expect(json<Reply>(res).validation?.regulationAccepted).toBe(INTERNATIONAL_MESSAGES.regulationNotAccepted);
  });
});

describe('international addresses', () => {
  it('creates an address linked to the numbers given, lists it, and links another number', async () => {
    const mine = await numbers();
    expect(mine.map((n) => n.number)).toEqual(['+12125550100', '+33199000000', '+33199000001']);
    const paris = mine.find((n) => n.number === '+33199000001') as InternationalNumber;
    expect(paris).toMatchObject({ country: 'FR', countryName: 'France' });
    const res = await create({ ...GOOD, allocatedNumberIds: [paris.id] });
    expect(res.statusCode, res.body).toBe(200);
    expect(json<Reply>(res).message).toBe(INTERNATIONAL_MESSAGES.addressAdded);
    const id = json<Reply>(res).id as number;
    const list = json<Page<InternationalAddress>>(await t.api('POST', `${BASE}/address/-1/-1`, reseller));
    expect(list.records.find((a) => a.id === id)).toMatchObject({ firstname: "D'Arcy", linkCount: 1, proofCount: 0 });

    const ny = mine.find((n) => n.number === '+12125550100') as InternationalNumber;
    const added = await t.api('POST', `${BASE}/address/links/${id}`, reseller, { allocatedNumberId: ny.id });
    expect(added.statusCode, added.body).toBe(200);
    expect(json<Reply>(added).message).toBe(INTERNATIONAL_MESSAGES.linkAdded);
    const twice = await t.api('POST', `${BASE}/address/links/${id}`, reseller, { allocatedNumberId: ny.id });
    expect(twice.statusCode).toBe(409);
    expect(json<Reply>(twice).message).toBe(INTERNATIONAL_MESSAGES.alreadyLinked);
    const links = json<Page<AddressLink>>(await t.api('GET', `${BASE}/address/links/${id}/-1/-1`, reseller));
    expect(links.records.map((l) => l.number)).toEqual(['+12125550100', '+33199000001']);
    expect((await numbers()).find((n) => n.id === ny.id)?.addressIds).toContain(id);
  });

  it('refuses a number that is not one of the account’s international numbers', async () => {
    const uk = await t.database.db
      .selectFrom('telephone_numbers')
      .select('id')
      .where('account_no', '=', 30000)
      .executeTakeFirstOrThrow();
    const res = await create({ ...GOOD, allocatedNumberIds: [uk.id] });
    expect(res.statusCode).toBe(400);
    expect(json<Reply>(res).message).toBe(INTERNATIONAL_MESSAGES.notInternational);
    const [address] = json<Page<InternationalAddress>>(await t.api('POST', `${BASE}/address/0/1`, reseller)).records;
    const link = await t.api('POST', `${BASE}/address/links/${address?.id}`, reseller, { allocatedNumberId: uk.id });
    expect(link.statusCode).toBe(400);
  });

  it('is for wholesale accounts and provider admins only, and each sees its own', async () => {
    for (const headers of [retail, harrogate]) {
      expect((await t.api('POST', `${BASE}/address/-1/-1`, headers)).statusCode).toBe(403);
      expect((await create(GOOD, headers)).statusCode).toBe(403);
      expect((await t.api('GET', `${BASE}/address/FR/restrictions`, headers)).statusCode).toBe(403);
    }
    expect((await t.api('POST', `${BASE}/address/-1/-1`, admin)).statusCode).toBe(200);
    const own = json<Page<InternationalAddress>>(await t.api('POST', `${BASE}/address/-1/-1`, admin));
    expect(own.totalRecords).toBe(0);
    const [resellers] = json<Page<InternationalAddress>>(await t.api('POST', `${BASE}/address/0/1`, reseller)).records;
    const id = resellers?.id as number;
    expect((await t.api('GET', `${BASE}/address/links/${id}/-1/-1`, admin)).statusCode).toBe(404);
    expect((await upload(id, proof('scan.png', PNG), admin)).statusCode).toBe(404);
    expect((await t.api('POST', `${BASE}/address/${id}/proof/zip`, admin)).statusCode).toBe(404);
  });
});

describe('proof documents', () => {
  let id: number;
  beforeAll(async () => {
    id = json<Reply>(await create({ ...GOOD, firstname: 'Proof' })).id as number;
  });

  it('takes a pdf, jpeg or png decided by its content; refuses a name that lies and garbage', async () => {
    const pdf = await demoProofPdf();
    const ok = await upload(id, proof('bill.pdf', pdf, 'UtilityBill'));
    expect(ok.statusCode, ok.body).toBe(200);
    expect(json<Reply>(ok).message).toBe(INTERNATIONAL_MESSAGES.documentsAdded);
    expect((await upload(id, proof('passport.PNG', PNG))).statusCode).toBe(200);
    const stored = await proofCount();

    for (const [name, content] of [
      ['lies.pdf', PNG],
      ['garbage.pdf', Buffer.from('%PDX not really a document at all')],
      ['text.png', Buffer.from('just some text, not an image')],
      ['image.gif', Buffer.from('GIF89a\u0001\u0000\u0001\u0000\u0000\u0000\u0000;')],
      ['noextension', PNG],
    ] as const) {
      const res = await upload(id, proof(name, content));
      expect(res.statusCode, name).toBe(400);
      expect(json<Reply>(res).validation?.proofFile, name).toBe(MESSAGES.invalidFileFormat);
    }
    const untyped = await upload(id, [{ name: 'proofFile', filename: 'a.png', type: 'image/png', content: PNG }]);
    expect(untyped.statusCode).toBe(400);
    expect(json<Reply>(untyped).validation?.proofType).toBe(MESSAGES.required);
    expect(await proofCount()).toBe(stored);
    const list = json<Page<ProofDocument>>(
      await t.api('POST', `${BASE}/address/proof/details/-1/-1`, reseller, { addressId: id }),
    );
    expect(list.records.map((p) => [p.fileName, p.fileType, p.proofType])).toEqual([
      ['bill.pdf', 'application/pdf', 'UtilityBill'],
      ['passport.PNG', 'image/png', 'Passport'],
    ]);
  });

  it('refuses a document over 20,000,000 bytes, storing nothing', async () => {
    const stored = await proofCount();
    const big = Buffer.alloc(UPLOAD_MAX_BYTES + 1, 0x20);
    PNG.copy(big, 0, 0, 16);
    const res = await upload(id, proof('huge.png', big));
    expect(res.statusCode).toBe(413);
    expect(await proofCount()).toBe(stored);
  });

  it('downloads exactly the uploaded files as one ZIP', async () => {
    const zipId = json<Reply>(await create({ ...GOOD, firstname: 'Zipped' })).id as number;
    const empty = await t.api('POST', `${BASE}/address/${zipId}/proof/zip`, reseller);
    expect(empty.statusCode).toBe(404);
    expect(json<Reply>(empty).message).toBe(INTERNATIONAL_MESSAGES.noProofs);
    const pdf = await demoProofPdf();
    await upload(zipId, proof('scan.pdf', pdf, 'GovernmentID'));
    await upload(zipId, proof('scan.png', PNG));
    await upload(zipId, proof('scan.pdf', PNG.length > 0 ? pdf.subarray(0) : pdf, 'Passport'));
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1${BASE}/address/${zipId}/proof/zip`,
      headers: reseller,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    const entries = await unzip(res.rawPayload);
    expect([...entries.keys()]).toEqual(['scan.pdf', 'scan.png', 'scan (2).pdf']);
    expect(entries.get('scan.pdf')?.equals(pdf)).toBe(true);
    expect(entries.get('scan.png')?.equals(PNG)).toBe(true);
    expect(entries.get('scan (2).pdf')?.equals(pdf)).toBe(true);
  });
});

describe('stock and regulations', () => {
  it('answers a country’s areas with their stock capped at 100, and its requirement', async () => {
    const fr = json<InternationalCountry>(await t.api('POST', `${BASE}/country/fr/-1/1`, reseller));
    expect(fr).toMatchObject({
      country: 'FR',
      name: 'France',
      callingCode: '33',
      regulationRequirement: { addressType: 'national', proofRequired: true },
    });
    // Paris holds 150 numbers (two allocated to the demo): 100 shown.
    expect(fr.records.map((a) => [a.name, a.stock])).toEqual([
      ['Lyon', 100],
      ['Paris', 100],
    ]);
    const us = json<InternationalCountry>(await t.api('POST', `${BASE}/country/US/-1/-1`, reseller));
    expect(us.records.find((a) => a.name === 'New York')?.stock).toBe(99);
    const restrictions = json<CountryRestrictions>(await t.api('GET', `${BASE}/address/AU/restrictions`, reseller));
    expect(restrictions.regulationRequirement).toEqual({
      addressType: 'local',
      proofRequired: true,
      proofTypes: ['UtilityBill', 'DrivingLicence', 'EnterpriseCertificate'],
    });
    expect((await t.api('GET', `${BASE}/address/ZZ/restrictions`, reseller)).statusCode).toBe(404);
    const all = json<{ records: CountryRestrictions[] }>(await t.api('GET', `${BASE}/countries`, admin)).records;
    expect(all.map((c) => c.name)).toEqual(['Australia', 'Canada', 'France', 'United States']);
  });

  it('tells the purchase whether an address meets a country’s requirement (spec 3 §8)', async () => {
    const made = async (body: object) => json<Reply>(await create({ ...GOOD, ...body })).id as number;
    const france = await made({ firstname: 'Compliance' });
    const london = await made({ firstname: 'London', country: 'United Kingdom', addressLine2: 'London' });
    const sydney = await made({
      firstname: 'Sydney',
      country: 'Australia',
      addressLine2: 'Sydney',
      county: 'New South Wales',
    });
    const check = (country: string, addressId: number | null, areaId?: number) =>
      t.app.platform.tenancy.tenant(20000, (tx) =>
        internationalCompliance(tx, { country, addressId, ...(areaId === undefined ? {} : { areaId }) }),
      );
    // United States: no address needed. Canada: any address, anywhere.
    expect(await check('US', null)).toBe('ok');
    expect(await check('CA', null)).toBe('Address Error');
    expect(await check('CA', london)).toBe('ok');
    // France: an address in France with a proof of a type it accepts.
    expect(await check('FR', null)).toBe('Address Error');
    expect(await check('FR', london)).toBe('Address Error');
    expect(await check('FR', france)).toBe('Proof Error');
    await upload(france, proof('id.png', PNG, 'EnterpriseCertificate'));
    expect(await check('FR', france)).toBe('Proof Error');
    await upload(france, proof('id.png', PNG, 'GovernmentID'));
    expect(await check('FR', france)).toBe('ok');
    // Australia: in the number's area.
    const areas = await t.database.db
      .selectFrom('international_areas')
      .select(['id', 'name'])
      .where('country', '=', 'AU')
      .execute();
    const areaOf = (name: string) => areas.find((a) => a.name === name)?.id as number;
    await upload(sydney, proof('bill.png', PNG, 'UtilityBill'));
    expect(await check('AU', sydney, areaOf('Sydney'))).toBe('ok');
    expect(await check('AU', sydney, areaOf('Melbourne'))).toBe('Address Error');
    // Another account's address is no address.
    expect(
      await t.app.platform.tenancy.tenant(10000, (tx) =>
        internationalCompliance(tx, { country: 'FR', addressId: france }),
      ),
    ).toBe('Address Error');
  });
});

describe('reads', () => {
  it('reads an address and every number linked to it', async () => {
    const [first] = json<Page<InternationalAddress>>(await t.api('POST', `${BASE}/address/0/1`, reseller)).records;
    const id = first?.id as number;
    expect(json<InternationalAddress>(await t.api('GET', `${BASE}/address/${id}`, reseller)).id).toBe(id);
    expect((await t.api('GET', `${BASE}/address/${id}`, admin)).statusCode).toBe(404);
    const all = json<Page<AddressLink>>(await t.api('GET', `${BASE}/address/links/${id}`, reseller));
    const paged = json<Page<AddressLink>>(await t.api('GET', `${BASE}/address/links/${id}/-1/-1`, reseller));
    expect(all).toEqual(paged);
  });
});
