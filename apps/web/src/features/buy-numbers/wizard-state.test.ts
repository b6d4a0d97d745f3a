import { describe, expect, it } from 'vitest';
import { consecutive, INITIAL_SELECTION, orderOf, type Selection, selectionReducer } from './wizard-state.ts';

const chosen: Selection = {
  ...INITIAL_SELECTION,
  type: 'GEONUM',
  country: 'ENG',
  region: 1003,
  range: 5,
  numbers: consecutive('01214960100', 5),
  amount: 5,
};

describe('the add-number wizard’s choices', () => {
  it('resets range to 1, numbers to none and amount to 1 when the type, country or region changes', () => {
    for (const change of [
      { kind: 'type', type: '0800FREE' },
      { kind: 'country', country: 'SCO' },
      { kind: 'region', region: 1004 },
    ] as const) {
      const next = selectionReducer(chosen, change);
      expect(next).toMatchObject({ range: 1, numbers: [], amount: 1 });
    }
    expect(selectionReducer(chosen, { kind: 'type', type: '0800FREE' })).toMatchObject({ country: null, region: null });
    expect(selectionReducer(chosen, { kind: 'country', country: 'SCO' })).toMatchObject({
      type: 'GEONUM',
      region: null,
    });
  });

  it('keeps the choices when the same value is chosen again', () => {
    expect(selectionReducer(chosen, { kind: 'region', region: 1003 })).toBe(chosen);
    expect(selectionReducer(chosen, { kind: 'type', type: 'GEONUM' })).toBe(chosen);
  });

  it('caps the range at 100 and counts the numbers chosen', () => {
    expect(selectionReducer(chosen, { kind: 'range', range: 250 }).range).toBe(100);
    expect(selectionReducer(chosen, { kind: 'numbers', numbers: ['01', '02', '03'] }).amount).toBe(3);
  });

  it('orders a run as one range item and picked numbers one by one', () => {
    expect(orderOf(chosen)).toEqual({
      telephoneNumberRanges: [{ start: '01214960100', end: '01214960104' }],
      telephoneNumbers: [],
    });
    const picked = { ...chosen, mode: 'pick' as const, numbers: ['01214960100', '01214960107'] };
    expect(orderOf(picked)).toEqual({ telephoneNumberRanges: [], telephoneNumbers: ['01214960100', '01214960107'] });
    expect(consecutive('0800099', 2)).toEqual(['0800099', '0800100']);
  });
});
