/** New control-panel user (spec 1 §3, §5, §6; spec 2 §5 "New user"). */
import { z } from 'zod';
import { email, requiredText } from '../fields.ts';
import { PATTERNS } from '../patterns.ts';

const personName = { pattern: /^[A-Za-z][A-Za-z '-]*$/, message: 'Please enter a valid name' };

export const newUserBody = z.object({
  name: requiredText({ max: 45, pattern: personName }),
  surname: requiredText({ max: 45, pattern: personName }),
  username: requiredText({ pattern: PATTERNS.username }),
  email: email(100),
  accountNo: z.coerce.number().int().positive(),
  enabled: z.boolean().default(true),
  saveUserPermissions: z.boolean().default(true),
});
export type NewUserBody = z.infer<typeof newUserBody>;
