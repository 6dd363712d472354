import type { Readable } from 'node:stream';

export interface BodyBounds {
  /** The longest body kept; a longer one is refused. */
  keepBytes: number;
  /**
   * The most read in all. Past `keepBytes` the rest is read and dropped up to here, so that
   * a client still sending sees the refusal instead of a connection closed under its write;
   * beyond this the reading stops, so no client can keep the server reading for ever.
   */
  readBytes: number;
}

/**
 * Reads a request body of at most `keepBytes`; resolves `null` when it is longer (only the
 * part within `keepBytes` is ever held in memory). A declared length beyond `readBytes` is
 * refused before anything is read. Rejects when the stream fails (a client that went away).
 */
export function readBoundedBody(stream: Readable, declaredBytes: number, bounds: BodyBounds): Promise<Buffer | null> {
  if (declaredBytes > bounds.readBytes) return Promise.resolve(null);
  return new Promise((resolve, reject) => {
    let chunks: Buffer[] = [];
    let received = 0;
    const settle = (outcome: () => void) => {
      stream.off('data', onData).off('end', onEnd).off('error', onError);
      outcome();
    };
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      if (received > bounds.readBytes) {
        stream.pause();
        settle(() => resolve(null));
      } else if (received <= bounds.keepBytes) {
        chunks.push(chunk);
      } else {
        chunks = [];
      }
    };
    const onEnd = () => settle(() => resolve(received > bounds.keepBytes ? null : Buffer.concat(chunks, received)));
    const onError = (error: Error) => settle(() => reject(error));
    stream.on('data', onData).on('end', onEnd).on('error', onError);
  });
}
