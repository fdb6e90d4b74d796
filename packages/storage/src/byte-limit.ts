// Counts the bytes that pass through a put and stops the put past its limit, before the excess is
// written anywhere.
import { Readable, Transform } from 'node:stream';
import { ObjectTooLargeError } from './store';

export interface CountedStream {
  stream: Transform;
  /** Bytes passed so far (all of them once the stream has ended). */
  bytes(): number;
}

export function countedStream(maxBytes = Number.POSITIVE_INFINITY): CountedStream {
  let bytes = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      if (bytes > maxBytes) return done(new ObjectTooLargeError(maxBytes));
      done(null, chunk);
    },
  });
  return { stream, bytes: () => bytes };
}

/**
 * The body of a put, counted. A failing source fails the counted stream (so the put stops and
 * stores nothing), and a failing counted stream (over the limit) stops reading the source.
 */
export function countedBody(body: Readable | Buffer, maxBytes?: number): CountedStream {
  const counted = countedStream(maxBytes);
  const source = Buffer.isBuffer(body) ? Readable.from([body]) : body;
  source.on('error', (error) => counted.stream.destroy(error));
  counted.stream.on('error', () => source.unpipe(counted.stream));
  source.pipe(counted.stream);
  return counted;
}
