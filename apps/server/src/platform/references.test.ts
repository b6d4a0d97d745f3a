import { MESSAGES } from '@switchboard/domain';
import { describe, expect, it, vi } from 'vitest';
import { ReferenceRegistry } from './references.ts';
import type { Tx } from './tenancy.ts';

/** A registry whose look-up answers these uses (by value), as usagesOf would from the database. */
function registryWith(uses: Record<string, Array<{ type: string; name: string }>>) {
  const registry = new ReferenceRegistry();
  const lookUp = vi.spyOn(registry, 'usagesOf').mockResolvedValue(new Map(Object.entries(uses)));
  return { registry, lookUp };
}
const tx = {} as Tx;

describe('assertUnused', () => {
  it('looks the values up together and passes when none is used', async () => {
    const { registry, lookUp } = registryWith({});
    await registry.assertUnused(tx, 'number', ['01214960001', '01214960002']);
    expect(lookUp).toHaveBeenCalledTimes(1);
    expect(lookUp).toHaveBeenCalledWith(tx, 'number', ['01214960001', '01214960002']);
  });

  it('refuses with 409, naming each use of the value used', async () => {
    const { registry } = registryWith({
      '01214960002': [
        { type: 'Seat', name: '201 - Reception' },
        { type: 'SIP Trunk', name: 'Office PBX' },
      ],
    });
    await expect(registry.assertUnused(tx, 'number', ['01214960001', '01214960002'])).rejects.toMatchObject({
      statusCode: 409,
      message: [MESSAGES.inUseIn('Seat', '201 - Reception'), MESSAGES.inUseIn('SIP Trunk', 'Office PBX')].join('\n'),
    });
  });
});
