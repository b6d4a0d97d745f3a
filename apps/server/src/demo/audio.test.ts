import { fileTypeFromBuffer } from 'file-type';
import { describe, expect, it } from 'vitest';
import { mp3Of, render, TUNES, wavOf } from './audio.ts';

const seconds = (notes: ReadonlyArray<readonly [number, number]>) => notes.reduce((n, [, s]) => n + s, 0);

describe('demo audio', () => {
  it('makes MP3 music and WAV prompts that the upload check takes for what they are', async () => {
    expect(await fileTypeFromBuffer(mp3Of(TUNES.hold))).toEqual({ ext: 'mp3', mime: 'audio/mpeg' });
    expect(await fileTypeFromBuffer(wavOf(TUNES.chime))).toEqual({ ext: 'wav', mime: 'audio/wav' });
  });

  it('plays the notes for their length, audibly and without clipping', () => {
    const samples = render(TUNES.chime, 8000);
    expect(samples.length).toBe(Math.round(seconds(TUNES.chime) * 8000));
    const peak = samples.reduce((m, s) => Math.max(m, Math.abs(s)), 0);
    expect(peak).toBeGreaterThan(8000);
    expect(peak).toBeLessThan(32767);
    // 16-bit mono at 8 kHz: two bytes a sample after the 44-byte header.
    expect(wavOf(TUNES.chime).length).toBe(44 + samples.length * 2);
  });
});
