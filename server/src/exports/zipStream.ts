import { once } from 'node:events';
import zlib from 'node:zlib';

/** A file of a zip archive: its name and its content, produced piece by piece. */
export interface ZipEntry {
  name: string;
  content: AsyncIterable<Uint8Array> | Iterable<Uint8Array>;
}

interface Written {
  name: Buffer;
  offset: number;
  crc: number;
  size: number;
  compressed: number;
}

const MAX_32 = 0xffffffff;
// bit 3: sizes and CRC follow the data (a data descriptor), so nothing needs to be held back; bit 11: UTF-8 names
const FLAGS = 0x0808;
const DEFLATE = 8;

/** MS-DOS time and date of now, as zip headers carry them. */
function dosDateTime(date = new Date()): [number, number] {
  const time = (date.getHours() << 11) | (date.getMinutes() << 5) | (date.getSeconds() >> 1);
  const day = ((date.getFullYear() - 1980) << 9) | ((date.getMonth() + 1) << 5) | date.getDate();
  return [time, day];
}

/**
 * Deflates `source` through node:zlib, whose work runs on the thread pool rather than the event loop.
 * The source is read only while the compressor takes more (its 'drain'), and only while the consumer
 * takes the compressed output; leaving the iteration stops reading the source.
 */
async function* deflated(source: AsyncIterable<Uint8Array> | Iterable<Uint8Array>, entry: Written): AsyncGenerator<Uint8Array> {
  const deflate = zlib.createDeflateRaw({ level: 6 });
  const stop = new AbortController();
  const feeding = (async () => {
    try {
      for await (const piece of source) {
        entry.crc = zlib.crc32(piece, entry.crc);
        entry.size += piece.length;
        if (entry.size > MAX_32) throw new Error('a zip entry over 4 GB needs zip64, which this writer does not write');
        if (!deflate.write(piece)) await once(deflate, 'drain', { signal: stop.signal });
        if (stop.signal.aborted) return;
      }
      deflate.end();
    } catch (err) {
      if (!stop.signal.aborted) deflate.destroy(err as Error);
    }
  })();
  try {
    for await (const out of deflate as AsyncIterable<Buffer>) {
      entry.compressed += out.length;
      yield out;
    }
  } finally {
    stop.abort();
    deflate.destroy();
    await feeding;
  }
}

/**
 * A zip archive written as a stream: each entry's local header, its deflated data and a data descriptor,
 * then the central directory. No zip64: entries and the archive stay under 4 GB (an export is at most
 * 100,000 rows).
 */
export async function* zipPieces(entries: Iterable<ZipEntry>): AsyncGenerator<Uint8Array> {
  const [time, date] = dosDateTime();
  const written: Written[] = [];
  let offset = 0;
  for (const { name, content } of entries) {
    const entry: Written = { name: Buffer.from(name, 'utf8'), offset, crc: 0, size: 0, compressed: 0 };
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(FLAGS, 6);
    header.writeUInt16LE(DEFLATE, 8);
    header.writeUInt16LE(time, 10);
    header.writeUInt16LE(date, 12);
    header.writeUInt16LE(entry.name.length, 26);
    yield Buffer.concat([header, entry.name]);
    yield* deflated(content, entry);
    const descriptor = Buffer.alloc(16);
    descriptor.writeUInt32LE(0x08074b50, 0);
    descriptor.writeUInt32LE(entry.crc, 4);
    descriptor.writeUInt32LE(entry.compressed, 8);
    descriptor.writeUInt32LE(entry.size, 12);
    yield descriptor;
    offset += 30 + entry.name.length + entry.compressed + 16;
    if (offset > MAX_32) throw new Error('a zip archive over 4 GB needs zip64, which this writer does not write');
    written.push(entry);
  }
  const directory: Buffer[] = [];
  for (const e of written) {
    const record = Buffer.alloc(46);
    record.writeUInt32LE(0x02014b50, 0);
    record.writeUInt16LE(20, 4);
    record.writeUInt16LE(20, 6);
    record.writeUInt16LE(FLAGS, 8);
    record.writeUInt16LE(DEFLATE, 10);
    record.writeUInt16LE(time, 12);
    record.writeUInt16LE(date, 14);
    record.writeUInt32LE(e.crc, 16);
    record.writeUInt32LE(e.compressed, 20);
    record.writeUInt32LE(e.size, 24);
    record.writeUInt16LE(e.name.length, 28);
    record.writeUInt32LE(e.offset, 42);
    directory.push(record, e.name);
  }
  const directorySize = directory.reduce((n, b) => n + b.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(written.length, 8);
  end.writeUInt16LE(written.length, 10);
  end.writeUInt32LE(directorySize, 12);
  end.writeUInt32LE(offset, 16);
  yield Buffer.concat([...directory, end]);
}
