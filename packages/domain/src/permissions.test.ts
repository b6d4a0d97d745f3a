import { describe, expect, it } from 'vitest';
import { type Action, can, FEATURES, hasPanelAccess, maskAllows, NEW_USER_GRANTS, RESOURCES } from './permissions.ts';

// Spec 1 §6: create is set for odd values; read for 2,3,6,7,10,11,14,15; update 4-7, 12-15; delete 8-15.
const TABLE: Record<Action, number[]> = {
  create: [1, 3, 5, 7, 9, 11, 13, 15],
  read: [2, 3, 6, 7, 10, 11, 14, 15],
  update: [4, 5, 6, 7, 12, 13, 14, 15],
  delete: [8, 9, 10, 11, 12, 13, 14, 15],
};

describe('maskAllows', () => {
  for (const action of Object.keys(TABLE) as Action[]) {
    for (let mask = 0; mask <= 15; mask++) {
      const expected = TABLE[action].includes(mask);
      it(`${action} on mask ${mask} is ${expected}`, () => {
        expect(maskAllows(mask, action)).toBe(expected);
      });
    }
  }
  it('refuses missing or out-of-range masks', () => {
    expect(maskAllows(undefined, 'read')).toBe(false);
    expect(maskAllows(16, 'read')).toBe(false);
    expect(maskAllows(-1, 'create')).toBe(false);
    expect(maskAllows(2.5, 'read')).toBe(false);
  });
});

describe('feature ids of spec 1 §6', () => {
  it.each([
    ['account', 2001],
    ['numbers', 2004],
    ['queues', 2008],
    ['seats', 2009],
    ['users', 2010],
    ['voicemail', 2011],
    ['admin', 2012],
    ['sipTrunks', 2013],
    ['dashboard', 2017],
    ['cdr', 2018],
    ['callGroups', 2020],
    ['timeProfile', 2021],
    ['ivr', 2025],
    ['conference', 2026],
    ['prompts', 2027],
    ['callRecordings', 2028],
    ['pickupGroups', 2029],
    ['spy', 2031],
    ['notification', 2032],
    ['musicOnHold', 2033],
    ['acl', 2034],
    ['callbacks', 2037],
    ['mobile', 2038],
    ['seatsCallRestrictions', 2040],
    ['sipTrunksCallRestrictions', 2041],
    ['dialThrough', 2042],
    ['paypal', 2043],
    ['teams', 2044],
    ['integrations', 2046],
    ['bundles', 2047],
    ['highRisk', 2048],
    ['outboundCLILists', 2049],
    ['directDebit', 2050],
    ['prepay', 9006],
    ['postpay', 9005],
    ['wholesale', 9004],
    ['retail', 9999],
    ['wholesaleAdmin', 1006],
    ['wholesaleCustomers', 1002],
    ['vhAdmin', 3006],
    ['vhCustomers', 3002],
    ['store', 6],
    ['betaPanel', 7],
  ] as const)('%s is %i', (name, id) => {
    expect(FEATURES[name]).toBe(id);
  });
  it('maps resources to their features', () => {
    expect(RESOURCES.acl).toBe(2034);
    expect(RESOURCES.SIPTrunks).toBe(2013);
    expect(RESOURCES.VHAdmin).toBe(3006);
    expect(RESOURCES.timeprofile).toBe(2021);
  });
});

describe('can()', () => {
  const session = (permissions: Record<string, number>) => ({ permissions });
  it('reads the feature mask', () => {
    expect(can(session({ 2034: 2 }), 'acl', 'read')).toBe(true);
    expect(can(session({ 2034: 2 }), 'acl', 'create')).toBe(false);
    expect(can(session({ 2034: 13 }), 'acl', 'delete')).toBe(true);
    expect(can(session({}), 'acl', 'read')).toBe(false);
  });
  it('lets admin and VHAdmin stand in for a feature', () => {
    expect(can(session({ 2012: 15 }), 'seats', 'delete')).toBe(true);
    expect(can(session({ 3006: 2 }), 'seats', 'read')).toBe(true);
    expect(can(session({ 3006: 2 }), 'seats', 'update')).toBe(false);
  });
  it('never lets admin stand in for an account type', () => {
    expect(can(session({ 2012: 15, 3006: 15 }), 'prepay', 'read')).toBe(false);
    expect(can(session({ 2012: 15 }), 'retail', 'read')).toBe(false);
  });
  it('counts retail only without wholesale', () => {
    expect(can(session({ 9999: 15 }), 'retail', 'read')).toBe(true);
    expect(can(session({ 9999: 15, 9004: 15 }), 'retail', 'read')).toBe(false);
    expect(can(session({ 9999: 15, 9004: 0 }), 'retail', 'read')).toBe(false);
  });
  it('needs the beta-panel feature (7) for panel access', () => {
    expect(hasPanelAccess(session({ 7: 2 }))).toBe(true);
    expect(hasPanelAccess(session({ 7: 1 }))).toBe(false);
    expect(hasPanelAccess(session({ 2001: 15 }))).toBe(false);
  });
  it('grants new users 2046 with 15 and 7 with 2', () => {
    expect(NEW_USER_GRANTS).toEqual([
      { featureId: 2046, mask: 15 },
      { featureId: 7, mask: 2 },
    ]);
  });
});
