/** A multipart/form-data body for app.inject: text fields and files, in the order given. */
export type Part =
  | { name: string; value: string }
  | { name: string; filename: string; type: string; content: Buffer | string };

export function multipart(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----sbtest${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition =
      'filename' in part
        ? `form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.type}`
        : `form-data; name="${part.name}"`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n\r\n`));
    chunks.push(Buffer.from('filename' in part ? part.content : part.value));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A few MPEG audio frames: content that file-type (and a player) takes for an MP3. */
export function mp3(frames = 20): Buffer {
  const frame = Buffer.alloc(417);
  frame.set([0xff, 0xfb, 0x90, 0x64]);
  return Buffer.concat(Array.from({ length: frames }, () => frame));
}

/**
 * A 700-byte text file that starts with 'ID3' (as an MP3's tag does): file-type takes it for an MP3
 * by those bytes, but it has no audio frame.
 */
export function idTaggedText(): Buffer {
  return Buffer.from('ID3 these are meeting notes, not music. '.repeat(20).slice(0, 700));
}
