/**
 * Whether stored bytes are audio, not just a file whose first bytes look like it (a text file
 * starting with 'ID3' is an MP3 to file-type): music-metadata reads the container and counts the
 * audio it holds (every MPEG frame, the WAV's format and data), and the file must have some.
 */
import type { Readable } from 'node:stream';
import { parseStream } from 'music-metadata';

/** The container music-metadata names for each stored extension. */
const CONTAINERS: Record<string, string> = { mp3: 'MPEG', wav: 'WAVE' };

/** Whether `stream` (a stored file of `extension`, `size` bytes) decodes as that audio, lasting > 0 s. */
export async function decodesAsAudio(stream: Readable, extension: string, size: number): Promise<boolean> {
  try {
    const { format } = await parseStream(stream, { size }, { duration: true, skipCovers: true });
    const duration = format.duration ?? 0;
    return (
      format.container === CONTAINERS[extension] &&
      format.codec !== undefined &&
      (format.sampleRate ?? 0) > 0 &&
      Number.isFinite(duration) &&
      duration > 0
    );
  } catch {
    // Not parseable as any audio format (music-metadata throws): not audio.
    return false;
  } finally {
    stream.destroy();
  }
}
