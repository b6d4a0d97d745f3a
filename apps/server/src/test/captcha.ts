/**
 * The registration captcha (ALTCHA) solved for a test: the server's challenge, then the number
 * whose hash it is, found as a browser finds it (altcha-lib's solveChallenge) but with node:crypto's
 * synchronous hash: a second or two of awaited Web Crypto digests per solve becomes a few ms.
 */
import crypto from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';

interface Challenge {
  algorithm: string;
  challenge: string;
  salt: string;
  signature: string;
  maxnumber: number;
}

/** The number in 0..maxnumber whose hash (salt + number) is the challenge. */
function solve({ algorithm, challenge, salt, maxnumber }: Challenge): number {
  const hash = algorithm.replace('-', '').toLowerCase();
  const digest = (n: number) =>
    crypto
      .createHash(hash)
      .update(salt + n)
      .digest('hex');
  for (let n = 0; n <= maxnumber; n++) if (digest(n) === challenge) return n;
  throw new Error('captcha not solved');
}

/** A solved captcha payload (base64 JSON, as the registration form sends it) for the challenge `ask` answers. */
export async function solvedCaptcha(ask: () => Promise<LightMyRequestResponse>): Promise<string> {
  const challenge = (await ask()).json() as Challenge;
  const { algorithm, salt, signature } = challenge;
  const payload = { algorithm, challenge: challenge.challenge, number: solve(challenge), salt, signature };
  return Buffer.from(JSON.stringify(payload)).toString('base64');
}
