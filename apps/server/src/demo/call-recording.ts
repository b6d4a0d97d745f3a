/**
 * Demo call recordings: the calls of account 30000's recorded seats (those whose callRecording option
 * is on) that the demo's call records hold — one generator (demo/call-records.ts) feeds both, so a
 * recording's call id, start and parties are its call record's —, each with its own file in the store.
 * The audio is made now: short conversations spoken by espeak-ng where it is installed (two voices,
 * 8 kHz WAV as a recorder keeps them), else tones; a handful of clips, each row its own copy under
 * its own key (the retention job deletes a row's file with it). Nothing binary is committed.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { CallRecordIngestRow } from '@switchboard/domain';
import type { Transaction } from 'kysely';
import wavefile from 'wavefile';
import '../features/call-recording/tables.ts';
import type { Database } from '../db/schema.ts';
import { type FileStore, fileKey } from '../platform/file-store.ts';
import { TUNES, wavOf } from './audio.ts';
import { recordedCalls, recordedSeat } from './call-records.ts';

const CONVERSATIONS: ReadonlyArray<readonly [string, string]> = [
  ['Good morning, Acme Plumbing, sales desk.', 'Hello, I would like a quote for a new boiler, please.'],
  [
    'Acme Plumbing accounts, how can I help?',
    'Hi, I am calling about invoice four one two, I think it was paid twice.',
  ],
  ['Hello, is that Mrs Khan? It is Acme Plumbing about your appointment.', 'Yes, speaking. Is Thursday still fine?'],
  [
    'Sales desk, Daniel speaking.',
    'Hi Daniel, can you send the engineer round this afternoon? The tap is leaking again.',
  ],
  ['Good afternoon, Acme Plumbing.', 'Hello, do you cover bathroom refits in Solihull?'],
  ['Accounts, Alice speaking.', 'Hello, I need a copy of last month’s statement for our auditors.'],
];

const RATE = 8000;
const run = promisify(execFile);

/** 16-bit mono samples taken from `rate` to RATE (linear: speech for a demo, not for an archive). */
function resampled(samples: Int16Array, rate: number): Int16Array {
  const out = new Int16Array(Math.floor((samples.length * RATE) / rate));
  for (let i = 0; i < out.length; i++) {
    const x = (i * rate) / RATE;
    const j = Math.floor(x);
    const a = samples[j] ?? 0;
    out[i] = Math.round(a + ((samples[j + 1] ?? a) - a) * (x - j));
  }
  return out;
}

/**
 * One sentence spoken at 8 kHz (16-bit mono), or undefined when espeak-ng cannot speak it. Its
 * --stdout is a canonical WAV: a 44-byte header (16-bit mono at its own rate), then the samples.
 */
async function spoken(text: string, voice: string): Promise<Int16Array | undefined> {
  try {
    const { stdout } = await run('espeak-ng', ['-v', voice, '-s', '155', '--stdout', text], {
      encoding: 'buffer',
      maxBuffer: 8 * 1024 * 1024,
    });
    if (stdout.length <= 44 || stdout.readUInt16LE(22) !== 1 || stdout.readUInt16LE(34) !== 16) return undefined;
    const pcm = stdout.subarray(44, 44 + ((stdout.length - 44) & ~1));
    const samples = new Int16Array(pcm.length / 2);
    for (let i = 0; i < samples.length; i++) samples[i] = pcm.readInt16LE(i * 2);
    return resampled(samples, stdout.readUInt32LE(24));
  } catch {
    return undefined; // not installed, or it failed: tones instead
  }
}

/** A conversation as a WAV file (two voices, a pause between them), or tones when there is no speech. */
async function conversationWav([first, second]: readonly [string, string]): Promise<Buffer> {
  const [a, b] = await Promise.all([spoken(first, 'en-gb'), spoken(second, 'en-gb+f3')]);
  if (!a || !b) return wavOf(TUNES.chime);
  const pause = new Int16Array(RATE / 2);
  const samples = new Int16Array(a.length + pause.length + b.length);
  samples.set(a, 0);
  samples.set(b, a.length + pause.length);
  const file = new wavefile.WaveFile();
  file.fromScratch(1, RATE, '16', samples);
  return Buffer.from(file.toBuffer());
}

/**
 * The recordings of the demo's recorded calls (`calls`, the call records' generator's: demo/call-records.ts),
 * each with the call's id, start and parties, at the seat that took or made it; its length is its
 * file's (the clips are a few seconds of a conversation, not the whole call).
 */
export async function seedCallRecordings(
  trx: Transaction<Database>,
  files: FileStore,
  calls: readonly CallRecordIngestRow[],
  now = new Date(),
): Promise<void> {
  const seats = await trx
    .selectFrom('seats')
    .select(['extension', 'nickname'])
    .where('account_no', '=', 30000)
    .where('call_recording', '<>', 0)
    .orderBy('extension')
    .execute();
  if (seats.length === 0) return;
  const clips = await Promise.all(
    CONVERSATIONS.map(async (c) => {
      const bytes = await conversationWav(c);
      return { bytes, seconds: Math.max(1, Math.round((bytes.length - 44) / (RATE * 2))) };
    }),
  );
  const nickname = new Map(seats.map((s) => [String(s.extension), s.nickname]));
  const rows = [];
  for (const [i, call] of recordedCalls(calls, [...nickname.keys()], now).entries()) {
    const clip = clips[i % clips.length] as (typeof clips)[number];
    const extension = recordedSeat(call, [...nickname.keys()]) ?? '';
    const stored = await files.put(
      fileKey('call-recordings', 'wav'),
      (async function* () {
        yield clip.bytes;
      })(),
    );
    rows.push({
      account_no: 30000,
      started_at: new Date(call.startedAt),
      origin: call.source,
      destination: call.destination,
      inbound: call.direction === 'inbound',
      seconds: clip.seconds,
      call_id: call.callId,
      seat: `${extension} - ${nickname.get(extension) ?? ''}`,
      file_key: stored.key,
      file_size: stored.size,
      file_sha256: stored.sha256,
    });
  }
  if (rows.length > 0) await trx.insertInto('call_recordings').values(rows).execute();
}
