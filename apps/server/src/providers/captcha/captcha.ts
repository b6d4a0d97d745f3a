/**
 * The registration captcha: ALTCHA (altcha-lib), a self-hosted proof of work. The server signs a
 * challenge (HMAC with `CAPTCHA_HMAC_KEY`), the browser finds the number whose hash it is, and the
 * server verifies the signature, the solution and the expiry. It needs no third party, so the
 * same implementation is the sandbox and the real one; without `CAPTCHA_HMAC_KEY` a random key is
 * drawn at start (challenges then do not survive a restart and several servers need the variable).
 * A solution is accepted once (`used` remembers the spent ones until they expire).
 */
import crypto from 'node:crypto';
import { createChallenge, verifySolution } from 'altcha-lib/v1';
import type { Challenge } from 'altcha-lib/v1/types';

export interface Captcha {
  challenge(): Promise<Challenge>;
  /** True when `payload` solves a challenge of ours, unexpired and not used before. */
  verify(payload: string): Promise<boolean>;
}

export const CAPTCHA_VALID_MS = 10 * 60_000;

export class AltchaCaptcha implements Captcha {
  readonly #key: string;
  readonly #maxNumber: number;
  readonly #used = new Map<string, number>();
  constructor(hmacKey: string | undefined, maxNumber = 100_000) {
    this.#key = hmacKey || crypto.randomBytes(32).toString('hex');
    this.#maxNumber = maxNumber;
  }
  challenge(): Promise<Challenge> {
    return createChallenge({
      hmacKey: this.#key,
      maxnumber: this.#maxNumber,
      expires: new Date(Date.now() + CAPTCHA_VALID_MS),
    });
  }
  async verify(payload: string): Promise<boolean> {
    let ok = false;
    try {
      ok = await verifySolution(payload, this.#key, true);
    } catch {
      return false;
    }
    if (!ok) return false;
    const now = Date.now();
    for (const [k, until] of this.#used) if (until < now) this.#used.delete(k);
    // The challenge (its salt is random) identifies the solution, however the payload is written.
    const key = challengeOf(payload);
    if (this.#used.has(key)) return false;
    this.#used.set(key, now + CAPTCHA_VALID_MS);
    return true;
  }
}

function challengeOf(payload: string): string {
  try {
    const decoded = JSON.parse(Buffer.from(payload, 'base64').toString('utf8')) as { challenge?: unknown };
    if (typeof decoded.challenge === 'string') return decoded.challenge;
  } catch {
    // verifySolution accepted it: it is base64 JSON.
  }
  return crypto.createHash('sha256').update(payload).digest('hex');
}
