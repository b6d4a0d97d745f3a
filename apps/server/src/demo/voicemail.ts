/**
 * Demo voicemail: a handful of short messages in the demo's mailboxes (seats with voicemail on),
 * made at seed time — spoken by espeak-ng where it is installed, else a few tones (audio.ts) —
 * and put in the file store; nothing binary is committed. Their times are relative to the seeding
 * (moved with the demo's clock).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type RawBuilder, sql, type Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { type FileStore, fileKey } from '../platform/file-store.ts';
import { TUNES, wavOf } from './audio.ts';

interface DemoMessage {
  mailbox: string;
  callerIdName: string;
  callerIdNumber: string;
  /** Minutes before the seeding. */
  ago: number;
  folder: 'new' | 'old';
  text: string;
}

const MESSAGES: DemoMessage[] = [
  {
    mailbox: '30000*201',
    callerIdName: 'Dave Mercer',
    callerIdNumber: '07700900123',
    ago: 35,
    folder: 'new',
    text: 'Hi, this is Dave from Northside Builders. Could someone call me back about the boiler quote? Thanks.',
  },
  {
    mailbox: '30000*201',
    callerIdName: '',
    callerIdNumber: '01214960871',
    ago: 180,
    folder: 'new',
    text: 'Hello, I have a leaking radiator at number twelve Elm Road. Please ring me when you can.',
  },
  {
    mailbox: '30000*201',
    callerIdName: 'Midland Supplies',
    callerIdNumber: '01214960555',
    ago: 26 * 60,
    folder: 'old',
    text: 'Your order of copper fittings is ready for collection from the trade counter.',
  },
  {
    mailbox: '30000*202',
    callerIdName: 'Sarah Quinn',
    callerIdNumber: '07700900456',
    ago: 95,
    folder: 'new',
    text: 'Hi, Sarah from accounts payable. Invoice four four seven one has been paid today.',
  },
  {
    mailbox: '30001*201',
    callerIdName: 'Emma Price',
    callerIdNumber: '07700900789',
    ago: 50,
    folder: 'new',
    text: 'Hi, it is Emma. Can I move my cut and colour on Friday to the afternoon? Thank you.',
  },
];

/** `text` spoken as a WAV by espeak-ng, or null when it is not installed (or fails). */
function spoken(text: string): Buffer | null {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sb-voicemail-'));
  const file = path.join(dir, 'message.wav');
  try {
    const run = spawnSync('espeak-ng', ['-v', 'en-gb', '-s', '155', '-w', file, text], { timeout: 10_000 });
    return run.status === 0 && fs.existsSync(file) ? fs.readFileSync(file) : null;
  } catch {
    return null;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** A WAV's length in seconds from its header (16-bit PCM: the data's bytes over the byte rate). */
function secondsOf(wav: Buffer): number {
  const byteRate = wav.readUInt32LE(28);
  return byteRate > 0 ? Math.max(1, Math.round((wav.length - 44) / byteRate)) : 1;
}

export async function seedVoicemail(trx: Transaction<Database>, files: FileStore): Promise<void> {
  const seats = await trx
    .selectFrom('seats')
    .select(['id', 'account_no', 'name'])
    .where('name', 'in', [...new Set(MESSAGES.map((m) => m.mailbox))])
    .where('vm_mode', '<>', 0)
    .execute();
  for (const m of MESSAGES) {
    const seat = seats.find((s) => s.name === m.mailbox);
    if (!seat) continue;
    const audio = spoken(m.text) ?? wavOf(TUNES.chime);
    const stored = await files.put(
      fileKey('voicemail', 'wav'),
      (async function* () {
        yield audio;
      })(),
    );
    await trx
      .insertInto('voicemail_messages')
      .values({
        account_no: seat.account_no,
        seat_id: seat.id,
        folder: m.folder,
        caller_id_name: m.callerIdName,
        caller_id_number: m.callerIdNumber,
        received_at: new Date(Date.now() - m.ago * 60_000),
        duration: secondsOf(audio),
        file_key: stored.key,
        file_size: stored.size,
        file_sha256: stored.sha256,
      })
      .execute();
  }
}

/** The messages' times moved with the demo's clock (moveDemoClock). */
export async function moveVoicemailClock(trx: Transaction<Database>, by: RawBuilder<Date>): Promise<void> {
  await trx
    .updateTable('voicemail_messages')
    .set({ received_at: sql`received_at + ${by}` })
    .execute();
}
