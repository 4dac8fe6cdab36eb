import { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { ok } from '../http/errors.ts';

/**
 * A byte stream that is read only as fast as the client takes it (Fastify pipes it: no next piece
 * before 'drain'); closing it (the client went away) ends the generator, and with it the reads. A
 * failure once bytes have left cannot become an error answer any more: it is logged and the
 * response destroyed; a failure before the first piece is answered as usual (500).
 */
export function answerStream(pieces: AsyncGenerator<Uint8Array>, log: FastifyBaseLogger, what: string): Readable {
  async function* logged() {
    try {
      yield* pieces;
    } catch (err) {
      log.error({ err }, `${what} stopped by a failure while it was being written`);
      throw err;
    }
  }
  return Readable.from(logged(), { objectMode: false });
}

/**
 * The text of `ok(rows, { total })` as Fastify would serialize it (JSON.stringify, same keys in the same
 * order), produced chunk by chunk. The first piece waits for the first chunk, so that a failing first
 * read is still answered as an error.
 */
export async function* pageAnswerPieces(chunks: AsyncIterable<Record<string, unknown>[]>, total: number): AsyncGenerator<Uint8Array> {
  const [head, tail] = JSON.stringify(ok([], { total })).split('"data":[]') as [string, string];
  let text = `${head}"data":[`;
  let first = true;
  for await (const rows of chunks) {
    for (const row of rows) {
      text += first ? JSON.stringify(row) : `,${JSON.stringify(row)}`;
      first = false;
    }
    yield Buffer.from(text);
    text = '';
  }
  yield Buffer.from(`${text}]${tail}`);
}
