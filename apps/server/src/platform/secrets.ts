/** Generated credentials (SIP secrets and the like). */
import crypto from 'node:crypto';

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';

/** A strong secret: `length` random characters from an unambiguous alphabet (no bias: 56 < 256 rejection). */
export function newSecret(length = 24): string {
  let out = '';
  while (out.length < length) {
    for (const b of crypto.randomBytes(length * 2)) {
      // 56 * 4 = 224: bytes above it would favour the first letters.
      if (b < 224 && out.length < length) out += ALPHABET[b % ALPHABET.length];
    }
  }
  return out;
}
