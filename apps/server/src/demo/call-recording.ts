/**
 * Demo call recordings: account 30000's recorded seats (those whose callRecording option is on)
 * with a month of calls in office hours, inbound and outbound, each with its own file in the store.
 * The audio is made now: short conversations spoken by espeak-ng where it is installed (two voices,
 * 8 kHz WAV as a recorder keeps them), else tones; a handful of clips, each row its own copy under
 * its own key (the retention job deletes a row's file with it). Nothing binary is committed.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { londonClock } from '@switchboard/domain';
import type { Transaction } from 'kysely';
import wavefile from 'wavefile';
import '../features/call-recording/tables.ts';
import type { Database } from '../db/schema.ts';
import { type FileStore, fileKey } from '../platform/file-store.ts';
import { TUNES, wavOf } from './audio.ts';

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

/** A small deterministic generator: the demo is the same every time it is seeded. */
function generator(seed: number) {
  let s = seed;
  return (n: number) => {
    s = (s * 1_103_515_245 + 12_345) % 2 ** 31;
    return s % n;
  };
}

const CALLERS = ['01214960', '01632960', '07700900', '01134960', '02079460'];
const DAY = 24 * 60 * 60 * 1000;
/** Minutes after midnight in London: 08:30 to 17:30. */
const OPEN = 8 * 60 + 30;
const CLOSE = 17 * 60 + 30;

/** The instant `daysAgo` days back at `minute` past midnight London time, or null on a weekend. */
function officeInstant(now: Date, daysAgo: number, minute: number): Date | null {
  const day = new Date(now.getTime() - daysAgo * DAY);
  const utc = Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), 0, minute);
  // London is UTC or an hour ahead of it (BST): the instant whose London time is `minute`.
  const ahead = (londonClock(new Date(utc)).minutes - minute + 24 * 60) % (24 * 60);
  const at = new Date(utc - ahead * 60_000);
  const weekday = londonClock(at).weekday;
  return weekday >= 5 || at > now ? null : at;
}

export async function seedCallRecordings(
  trx: Transaction<Database>,
  files: FileStore,
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
  const random = generator(30000);
  const rows = [];
  for (let n = 0; rows.length < 36 && n < 200; n++) {
    const at = officeInstant(now, 1 + random(29), OPEN + random(CLOSE - OPEN));
    if (!at) continue;
    const seat = seats[random(seats.length)] as (typeof seats)[number];
    const clip = clips[random(clips.length)] as (typeof clips)[number];
    const outside = `${CALLERS[random(CALLERS.length)]}${String(random(1000)).padStart(3, '0')}`;
    const inbound = random(10) < 7;
    const stored = await files.put(
      fileKey('call-recordings', 'wav'),
      (async function* () {
        yield clip.bytes;
      })(),
    );
    rows.push({
      account_no: 30000,
      started_at: at,
      origin: inbound ? outside : String(seat.extension),
      destination: inbound ? String(seat.extension) : outside,
      inbound,
      seconds: clip.seconds,
      call_id: `demo-${at.getTime()}-${rows.length}`,
      seat: `${seat.extension} - ${seat.nickname}`,
      file_key: stored.key,
      file_size: stored.size,
      file_sha256: stored.sha256,
    });
  }
  await trx.insertInto('call_recordings').values(rows).execute();
}
