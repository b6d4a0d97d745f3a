import { describe, expect, it } from 'vitest';
import { MAX_SIGN_IN_CANDIDATES, matchCandidates, type SignInCandidate } from './session.logic.ts';
import { hashPassword } from './session.routes.ts';

describe('sign-in: whose password it is among the users of one name', () => {
  it('finds the one it matches; refuses none alike however many share the name; asks which of several', async () => {
    const [mine, theirs] = await Promise.all([hashPassword('Mine-Pass-1'), hashPassword('Their-Pass-1')]);
    const users = (hashes: Array<string | null>): SignInCandidate[] =>
      hashes.map((password_hash, i) => ({ id: i + 1, account_no: 30000 + i, password_hash }));

    expect(await matchCandidates([], 'Mine-Pass-1')).toBe('refused');
    expect(await matchCandidates(users([null]), 'Mine-Pass-1')).toBe('refused');
    expect(await matchCandidates(users([theirs, mine]), 'Mine-Pass-1')).toEqual({
      user: { id: 2, account_no: 30001, password_hash: mine },
    });
    expect(await matchCandidates(users([theirs, mine]), 'Wrong-Pass-1')).toBe('refused');
    expect(await matchCandidates(users([mine, theirs, mine]), 'Mine-Pass-1')).toBe('ambiguous');

    // More users of the name than are checked: a match among those checked cannot be the only one.
    const many = Array.from({ length: MAX_SIGN_IN_CANDIDATES + 1 }, () => theirs);
    expect(await matchCandidates(users([mine, ...many.slice(1)]), 'Mine-Pass-1')).toBe('ambiguous');
    // A wrong password is refused as for any name, however many accounts use it.
    expect(await matchCandidates(users(many), 'Wrong-Pass-1')).toBe('refused');
  }, 60_000);
});
