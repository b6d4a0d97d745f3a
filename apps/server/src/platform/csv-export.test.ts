/** The encoding a streamed download is sent in, by the request's Accept-Encoding (platform/csv-export.ts). */
import { describe, expect, it } from 'vitest';
import { downloadEncoding } from './csv-export.ts';

describe('downloadEncoding', () => {
  it('prefers gzip, then brotli, then none, by what the client takes', () => {
    expect(downloadEncoding('gzip, deflate, br')).toBe('gzip');
    expect(downloadEncoding('br')).toBe('br');
    expect(downloadEncoding('br;q=1.0, gzip;q=0')).toBe('br');
    expect(downloadEncoding('deflate')).toBe('identity');
    expect(downloadEncoding(undefined)).toBe('identity');
    expect(downloadEncoding('')).toBe('identity');
    expect(downloadEncoding('identity')).toBe('identity');
  });

  it('reads * as every encoding not named, and q=0 as refused', () => {
    expect(downloadEncoding('*')).toBe('gzip');
    expect(downloadEncoding('gzip;q=0, *')).toBe('br');
    expect(downloadEncoding('*;q=0')).toBe('identity');
    expect(downloadEncoding('GZIP ; Q=0.5')).toBe('gzip');
    expect(downloadEncoding('gzip;q=nonsense')).toBe('identity');
  });
});
