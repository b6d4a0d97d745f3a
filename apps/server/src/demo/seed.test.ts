/** The demo seed: each demo user's password is hashed on its own (argon2 draws a salt per hash). */
import { verify } from '@node-rs/argon2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/harness.ts';
import { DEMO_PASSWORD, DEMO_USERS } from './seed.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => t?.close());

describe('the demo users', () => {
  it('share no password hash, and each hash is of the demo password', async () => {
    const users = await t.app.platform.tenancy.crossAccount('seed', (tx) =>
      tx
        .selectFrom('users')
        .select(['username', 'password_hash'])
        .where(
          'username',
          'in',
          DEMO_USERS.map((u) => u.username),
        )
        .execute(),
    );
    expect(users).toHaveLength(DEMO_USERS.length);
    const hashes = users.map((u) => u.password_hash);
    expect(new Set(hashes).size).toBe(users.length);
    for (const hash of hashes) expect(await verify(hash ?? '', DEMO_PASSWORD)).toBe(true);
  });
});
