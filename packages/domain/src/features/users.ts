/** New control-panel user (spec 1 §3, §5, §6; spec 2 §5 "New user"). */
import { z } from 'zod';
import { email, recordId, requiredText } from '../fields.ts';
import { PATTERNS } from '../patterns.ts';

const personName = { pattern: /^[A-Za-z][A-Za-z '-]*$/, message: 'Please enter a valid name' };

export const newUserBody = z.object({
  name: requiredText({ max: 45, pattern: personName }),
  surname: requiredText({ max: 45, pattern: personName }),
  username: requiredText({ pattern: PATTERNS.username }),
  email: email(100),
  accountNo: recordId(),
  enabled: z.boolean().default(true),
  /**
   * Spec 1 §3 names the new user's permission grants `saveUserPermissions`: clients send a boolean
   * or the grants list. Either way the server applies exactly the two fixed grants of spec 1 §6
   * (feature 2046 mask 15, feature 7 mask 2) and ignores the list's contents, so no one can grant
   * permissions through it; only `false` means no grants. Parsed to that boolean.
   */
  saveUserPermissions: z
    .union([z.boolean(), z.array(z.unknown()).max(100)])
    .default(true)
    .transform((v) => v !== false),
});
export type NewUserBody = z.infer<typeof newUserBody>;
