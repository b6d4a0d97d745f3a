import { describe, expect, it } from 'vitest';
import { mayLoadOptions, type OptionList } from './option-readers.ts';
import { can, FEATURES, MASK, type Resource } from './permissions.ts';

const holder = (...grants: number[]) => ({
  permissions: Object.fromEntries(grants.map((featureId) => [String(featureId), MASK.readOnly])),
});

describe('mayLoadOptions', () => {
  const cases: Array<[string, number[], OptionList, boolean]> = [
    ['a seat reader, the access lists', [FEATURES.seats], 'accessLists', false],
    ['an access-list reader, the access lists', [FEATURES.acl], 'accessLists', true],
    ['a seat reader, the prompts its voicemail picks', [FEATURES.seats], 'prompts', true],
    ['a pickup-group reader, the seats', [FEATURES.pickupGroups], 'seats', false],
    ['a call-group reader, the music', [FEATURES.callGroups], 'music', true],
    ['a call-group reader, the caller IDs', [FEATURES.callGroups], 'callerIds', false],
    ['an admin, the access lists', [FEATURES.admin], 'accessLists', true],
  ];
  it.each(cases)('%s: %s', (_, grants, list, expected) => {
    const h = holder(...grants);
    expect(mayLoadOptions((resource: Resource, action) => can(h, resource, action), list)).toBe(expected);
  });
});
