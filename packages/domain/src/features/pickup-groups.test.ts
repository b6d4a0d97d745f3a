import { describe, expect, it } from 'vitest';
import { pickupShortCode, pickupShortCodeHelp } from './pickup-groups.ts';

describe('a pickup group’s short code: *0# and characters 6 to 8 of the name’s letters and digits', () => {
  it.each([
    ['Stores team', '*0#ste'],
    ['Warehouse floor', '*0#ous'],
    ['Loading bay', '*0#ngb'],
    ['Engineers', '*0#eer'],
    ['Team 2 - 1st floor', '*0#1st'],
    ["St. Mary's (ward 4)", '*0#ysw'],
  ])('%s → %s', (name, code) => {
    expect(pickupShortCode(name)).toBe(code);
  });

  it('never holds a space or a sign that cannot be dialled', () => {
    for (const name of ['Stores team', 'a b c d e f g h', 'Sales & marketing', '  Front   desk  ']) {
      expect(pickupShortCode(name)).toMatch(/^\*0#[A-Za-z0-9]{0,3}$/);
    }
  });

  it('says how it was derived, and when the name is too short for a code of its own', () => {
    expect(pickupShortCodeHelp('Stores team')).toBe(
      'Dial *0#ste to pick up a call ringing in this group: *0# and characters 6 to 8 of the name, counting only its letters and digits',
    );
    expect(pickupShortCodeHelp('Sales')).toBe(
      'Give the name at least 6 letters or digits: the short code is *0# and characters 6 to 8 of them',
    );
  });
});
