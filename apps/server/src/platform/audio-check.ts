/**
 * Whether stored bytes are audio, not just a file whose first bytes look like it (a text file
 * starting with 'ID3' is an MP3 to file-type): music-metadata reads the container and counts the
 * audio it holds (every MPEG frame, the WAV's format and data), and the file must have some.
 */
import type { Readable } from 'node:stream';
import { parseStream } from 'music-metadata';

/** The container music-metadata names for each stored extension. */
const CONTAINERS: Record<string, string> = { mp3: 'MPEG', wav: 'WAVE' };

/** How long `stream` (a stored file of `extension`, `size` bytes) plays, in seconds; null when it is not that audio. */
export async function audioDuration(stream: Readable, extension: string, size: number): Promise<number | null> {
  try {
    const { format } = await parseStream(stream, { size }, { duration: true, skipCovers: true });
    const duration = format.duration ?? 0;
    const audio =
      format.container === CONTAINERS[extension] &&
      format.codec !== undefined &&
      (format.sampleRate ?? 0) > 0 &&
      Number.isFinite(duration) &&
      duration > 0;
    return audio ? duration : null;
  } catch {
    // Not parseable as any audio format (music-metadata throws): not audio.
    return null;
  } finally {
    stream.destroy();
  }
}
