import { describe, expect, it } from 'vitest';
import { TEAMS_MESSAGES, teamsInvitationInput } from './call-options.ts';

/** An address of exactly `length` characters. */
const address = (length: number) => `${'a'.repeat(length - '@example.com'.length)}@example.com`;

describe('the Teams admin invitation email (spec 2 §5: max 50 and valid)', () => {
  it('takes a valid address of up to 50 characters as it is', () => {
    const parsed = teamsInvitationInput.parse({ email: address(50), accountNo: 30001 });
    expect(parsed.email).toBe(address(50));
  });

  it.each([
    ['51 characters', address(51)],
    ['far longer', address(120)],
    ['not an address', 'not an email'],
    ['empty', ''],
  ])('refuses %s with the spec’s message, never cutting it short', (_case, email) => {
    const parsed = teamsInvitationInput.safeParse({ email, accountNo: 30001 });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['email', TEAMS_MESSAGES.invalidEmail],
    ]);
  });
});
