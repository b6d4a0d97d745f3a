/**
 * Demo audio made at seed time (nothing binary is committed): short tunes as MP3 for music on hold
 * and chimes as 8 kHz WAV for prompts, so the players of the demo's media play something real.
 */
import { Mp3Encoder } from '@breezystack/lamejs';
import wavefile from 'wavefile';

/** A note: a frequency in hertz (0 for a rest) and a length in seconds. */
export type Note = readonly [number, number];

const NOTE = { C4: 261.63, D4: 293.66, E4: 329.63, F4: 349.23, G4: 392, A4: 440, B4: 493.88, C5: 523.25 };

/** A few tunes and chimes, to tell the demo's items apart by ear. */
export const TUNES = {
  hold: [
    [NOTE.C4, 0.4],
    [NOTE.E4, 0.4],
    [NOTE.G4, 0.4],
    [NOTE.C5, 0.8],
    [NOTE.G4, 0.4],
    [NOTE.E4, 0.4],
    [NOTE.F4, 0.4],
    [NOTE.D4, 0.8],
    [0, 0.4],
  ],
  lift: [
    [NOTE.G4, 0.3],
    [NOTE.A4, 0.3],
    [NOTE.B4, 0.3],
    [NOTE.C5, 0.6],
    [NOTE.A4, 0.3],
    [NOTE.F4, 0.6],
    [NOTE.E4, 0.9],
    [0, 0.3],
  ],
  chime: [
    [NOTE.C5, 0.25],
    [NOTE.G4, 0.25],
    [NOTE.E4, 0.5],
  ],
} satisfies Record<string, Note[]>;

/** The notes as 16-bit mono samples: a sine with its octave, each note faded in and out. */
export function render(notes: readonly Note[], rate: number): Int16Array {
  const total = notes.reduce((n, [, seconds]) => n + Math.round(seconds * rate), 0);
  const out = new Int16Array(total);
  let at = 0;
  for (const [frequency, seconds] of notes) {
    const length = Math.round(seconds * rate);
    const fade = Math.min(length / 4, rate * 0.02);
    for (let i = 0; i < length && frequency > 0; i++) {
      const t = i / rate;
      const envelope = Math.min(1, i / fade, (length - i) / fade);
      const wave = 0.7 * Math.sin(2 * Math.PI * frequency * t) + 0.3 * Math.sin(4 * Math.PI * frequency * t);
      out[at + i] = Math.round(wave * envelope * 0.5 * 32767);
    }
    at += length;
  }
  return out;
}

/** The notes as an MP3 (mono, 22.05 kHz, 48 kbit/s). */
export function mp3Of(notes: readonly Note[]): Buffer {
  const rate = 22050;
  const samples = render(notes, rate);
  const encoder = new Mp3Encoder(1, rate, 48);
  // The encoder answers signed byte views: taken as bytes.
  const bytes = (chunk: ArrayBufferView) => Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  const parts: Buffer[] = [];
  for (let i = 0; i < samples.length; i += 1152) parts.push(bytes(encoder.encodeBuffer(samples.subarray(i, i + 1152))));
  parts.push(bytes(encoder.flush()));
  return Buffer.concat(parts);
}

/** The notes as a WAV (mono, 8 kHz, 16-bit: the telephone's own rate). */
export function wavOf(notes: readonly Note[]): Buffer {
  const file = new wavefile.WaveFile();
  file.fromScratch(1, 8000, '16', render(notes, 8000));
  return Buffer.from(file.toBuffer());
}
