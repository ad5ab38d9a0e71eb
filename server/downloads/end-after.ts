import { pipeline, type Readable, Transform } from "node:stream";

/**
 * `source` passed through unchanged; once its last byte has been handed on, `work` runs, and the
 * stream ends only after it. Whoever sees the end of the response can therefore already see what
 * `work` did (a download counted), while a transfer cut short never gets there. `work` must not throw.
 */
export function endAfter(source: Readable, work: () => Promise<void>): Readable {
  const passThrough = new Transform({
    transform(chunk, _encoding, done) {
      done(null, chunk);
    },
    flush(done) {
      void work().then(() => done());
    },
  });
  // A failure or an abort on either side destroys both; the reply sees it on the stream it sends.
  pipeline(source, passThrough, () => {});
  return passThrough;
}
