import { describe, expect, it } from 'vitest';
import { fieldName } from './shown-values.ts';

describe('fieldName', () => {
  it('names a changed field as people read it, initialisms in capitals', () => {
    expect(
      ['optionTimeout', 'ring_all', 'callerCli', 'sipUsername', 'ddiNumber', 'enabled', 'vmPin', 'emsAddressId'].map(
        fieldName,
      ),
    ).toEqual([
      'Option timeout',
      'Ring all',
      'Caller CLI',
      'SIP username',
      'DDI number',
      'Enabled',
      'Vm PIN',
      'EMS address ID',
    ]);
  });

  it('keeps a run of capitals together and a plain word as it is', () => {
    expect(fieldName('outboundCLIList')).toBe('Outbound CLI list');
    expect(fieldName('name')).toBe('Name');
    expect(fieldName('mobileNo')).toBe('Mobile number');
    expect(fieldName('')).toBe('');
  });
});
