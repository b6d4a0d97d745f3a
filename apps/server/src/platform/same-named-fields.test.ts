import { snakeCase } from '@switchboard/domain';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fieldMap } from './fields.ts';
import { sameNamedFields } from './same-named-fields.ts';

describe('sameNamedFields', () => {
  it('names each column in snake_case, of the kind the record says', () => {
    expect(snakeCase('keepOnNetwork')).toBe('keep_on_network');
    const shape = {
      vmFullname: z.string(),
      ringTime: z.number().int(),
      aclId: z.number().int().nullable(),
      hdCodec: z.boolean(),
      times: z.object({ mode: z.string() }),
      tps: z.enum(['off', 'on']),
    };
    const fields = fieldMap<z.infer<z.ZodObject<typeof shape>>>('seats', sameNamedFields(shape));
    expect(fields.vmFullname).toMatchObject({ kind: 'text', column: 'vm_fullname', sql: 'seats.vm_fullname' });
    expect(fields.ringTime).toMatchObject({ kind: 'number', column: 'ring_time' });
    expect(fields.aclId).toMatchObject({ kind: 'number', column: 'acl_id' });
    expect(fields.hdCodec).toMatchObject({ kind: 'boolean', column: 'hd_codec' });
    expect(fields.times).toMatchObject({ kind: 'json', column: 'times' });
    expect(fields.tps).toMatchObject({ kind: 'text', column: 'tps' });
  });

  it('puts a prefix before each column name', () => {
    const shape = { businessSuffix: z.string(), updatePending: z.boolean() };
    const fields = fieldMap<z.infer<z.ZodObject<typeof shape>>>('numbers', sameNamedFields(shape, 'ems_'));
    expect(fields.businessSuffix).toMatchObject({ kind: 'text', column: 'ems_business_suffix' });
    expect(fields.updatePending).toMatchObject({ kind: 'boolean', sql: 'numbers.ems_update_pending' });
  });
});
