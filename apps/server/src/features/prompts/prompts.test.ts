import { FEATURES, MESSAGES } from '@switchboard/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, json, type TestContext } from '../../test/harness.ts';

let t: TestContext;
let viewer: Record<string, string>;
let viewerId: number;

beforeAll(async () => {
  t = await createTestContext();
  viewer = await t.login('viewer');
  viewerId = (
    await t.database.db.selectFrom('users').select('id').where('username', '=', 'viewer').executeTakeFirstOrThrow()
  ).id;
});
afterAll(async () => t?.close());

/** The features whose read opens the prompt options. */
const READERS = [
  FEATURES.prompts,
  FEATURES.acl,
  FEATURES.seats,
  FEATURES.timeProfile,
  FEATURES.ivr,
  FEATURES.externalExt,
  FEATURES.queues,
];

/** Gives the viewer `mask` on every reader feature except `keep`, which stays read-only. */
async function setReaders(mask: number, keep?: number) {
  for (const feature of READERS) {
    await t.database.db
      .updateTable('user_permissions')
      .set({ mask: feature === keep ? 2 : mask })
      .where('user_id', '=', viewerId)
      .where('feature_id', '=', feature)
      .execute();
  }
}

const options = (headers: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: '/api/v1/prompts/options', headers });

describe('GET /prompts/options', () => {
  it('lists the account’s prompts and the system prompts', async () => {
    const res = await options(viewer);
    expect(res.statusCode).toBe(200);
    const records = json<{ records: Array<{ name: string; provider: boolean }> }>(res).records;
    expect(records[0]).toEqual(expect.objectContaining({ name: 'Acme main greeting', provider: false }));
    expect(records.some((r) => r.provider)).toBe(true);
    expect(records.some((r) => r.name === 'Bella salon greeting')).toBe(false);
  });

  it('needs a session (401)', async () => {
    expect((await options({})).statusCode).toBe(401);
  });

  it('refuses a user who reads none of the areas that pick a prompt (403)', async () => {
    await setReaders(0);
    try {
      const res = await options(viewer);
      expect(res.statusCode).toBe(403);
      expect(json(res)).toMatchObject({ success: false, message: MESSAGES.forbidden });
    } finally {
      await setReaders(2);
    }
  });

  it.each(READERS)('opens with read on feature %i alone', async (feature) => {
    await setReaders(0, feature);
    try {
      expect((await options(viewer)).statusCode).toBe(200);
    } finally {
      await setReaders(2);
    }
  });

  it('refuses a mask without read (create only) on every reader', async () => {
    await setReaders(1);
    try {
      expect((await options(viewer)).statusCode).toBe(403);
    } finally {
      await setReaders(2);
    }
  });
});
