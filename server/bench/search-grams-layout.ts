// MySQL/MariaDB gram layouts sized and timed before any migration (issue 30, docs/search.md "Issue 30, seventh pass:
// MariaDB's layout"): the bench's questions (bench/search.ts: `第 <i> 题：<topic i % 8>`), N existing and N loaded after
// them (the bulk phase's catch-up appends the ids N…2N−1). Per layout, the rows and bytes the loaded range gives:
// - `words256`: migration 0016 (blocks of 256 ids, four BIGINT words a row, grams the collation calls equal merged);
// - `bits<B>`: blocks of B ids, one row per (block, column, exact gram) with the block's ids holding it as one binary
//   string — a bitmap of B bits, or the sorted 16-bit offsets when shorter (2·n < B/8) — ANDed in Node at search time.
// With BENCH_LAYOUT_DB=<B,…> and TEST_MYSQL_URL, each `bits<B>` layout is written into a scratch database of its own
// (`h1_layout`, dropped after): the existing range first (not timed), then the loaded range timed as a catch-up would
// write it (multi-row inserts, the chunk's blocks in id order), then searches' grams read back and ANDed.
// Usage: node --import tsx bench/search-grams-layout.ts [N=100000] (BENCH_LAYOUT_SHAPES=blk-first,gram-first: the keys tried)
import os from 'node:os';
import { sql } from 'kysely';
import { openConnection } from '../src/db/connection.ts';

const N = Number(process.argv[2] ?? 100_000);
const TOPICS = [
  '下列关于信号传输的说法哪一项是正确的？',
  '下列说法中哪一项是正确的？ (TCP/IP)',
  '驾驶机动车在道路上行驶应当遵守哪些规定？',
  '关于公务员考试的申论写作，以下哪项正确？',
  'Choose the word that best completes the sentence.',
  '下列哪个选项属于可再生能源？',
  '根据材料回答问题：经济增长的主要动力是什么？',
  '以下哪一项不是计算机网络的拓扑结构？',
];
const text = (i: number) => `第 ${i} 题：${TOPICS[i % 8]}`;
const load = () =>
  os
    .loadavg()
    .map((x) => x.toFixed(1))
    .join(' ');
const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/** The grams of a text (each character and each 3 in a row; the bench's texts are BMP only). */
function gramsOf(t: string): string[] {
  const out = new Set<string>();
  for (let k = 0; k < t.length; k++) {
    out.add(t[k]!);
    if (k + 2 < t.length) out.add(t.slice(k, k + 3));
  }
  return [...out];
}

/** A row of a `bits<B>` layout: block, exact gram, the ids' offsets in the block (increasing). */
type Row = { blk: number; gram: string; offsets: number[] };

/** The rows of ids [from, to) in blocks of `B` ids, block by block (handed to `each`). */
function cut(B: number, from: number, to: number, each: (rows: Row[]) => void): void {
  for (let blk = Math.floor(from / B); blk * B < to; blk++) {
    const grams = new Map<string, number[]>();
    for (let i = Math.max(from, blk * B); i < Math.min(to, blk * B + B); i++)
      for (const g of gramsOf(text(i))) {
        const list = grams.get(g);
        if (list) list.push(i - blk * B);
        else grams.set(g, [i - blk * B]);
      }
    each([...grams].map(([gram, offsets]) => ({ blk, gram, offsets })));
  }
}

/** A trigram's key of three BMP code units, above every single unit's key (as search/gramCut.ts). */
const TRI = 2 ** 48;

/**
 * The same rows as `cut`, made the way a server's cutter would (as gramCut.ts: grams looked up by number, no string per
 * gram): per block, (slot, offset) pairs in typed arrays, counting-sorted by slot at the block's end. Returns the
 * number of rows and bytes (encoded).
 */
function cutFast(B: number, from: number, to: number): { rows: number; bytes: number } {
  let rows = 0;
  let bytes = 0;
  const slots = new Map<number, number>();
  let pairSlot = new Int32Array(1 << 20);
  let pairOff = new Int32Array(1 << 20);
  for (let blk = Math.floor(from / B); blk * B < to; blk++) {
    slots.clear();
    let n = 0;
    const put = (key: number, off: number) => {
      let slot = slots.get(key);
      if (slot === undefined) slots.set(key, (slot = slots.size));
      if (n === pairSlot.length) {
        const a = new Int32Array(n * 2);
        a.set(pairSlot);
        pairSlot = a;
        const b = new Int32Array(n * 2);
        b.set(pairOff);
        pairOff = b;
      }
      pairSlot[n] = slot;
      pairOff[n++] = off;
    };
    for (let i = Math.max(from, blk * B); i < Math.min(to, blk * B + B); i++) {
      const t = text(i);
      const off = i - blk * B;
      for (let k = 0; k < t.length; k++) {
        const c = t.charCodeAt(k);
        put(c, off);
        if (k + 2 < t.length) put(TRI + c * 0x100000000 + t.charCodeAt(k + 1) * 0x10000 + t.charCodeAt(k + 2), off);
      }
    }
    // counting sort of the pairs by slot (offsets stay increasing within a slot)
    const count = new Int32Array(slots.size + 1);
    for (let k = 0; k < n; k++) count[pairSlot[k]! + 1]!++;
    for (let k = 1; k <= slots.size; k++) count[k]! += count[k - 1]!;
    const sorted = new Int32Array(n);
    const at = count.slice(0, slots.size);
    for (let k = 0; k < n; k++) sorted[at[pairSlot[k]!]!++] = pairOff[k]!;
    for (let slot = 0; slot < slots.size; slot++) {
      let distinct = 0;
      for (let k = count[slot]!; k < count[slot + 1]!; k++) if (k === count[slot] || sorted[k] !== sorted[k - 1]) distinct++;
      const v = 2 * distinct < B / 8 ? Buffer.alloc(2 * distinct) : Buffer.alloc(B / 8);
      if (v.length === B / 8) for (let k = count[slot]!; k < count[slot + 1]!; k++) v[sorted[k]! >> 3]! |= 1 << (sorted[k]! & 7);
      else {
        let w = 0;
        for (let k = count[slot]!; k < count[slot + 1]!; k++) if (k === count[slot] || sorted[k] !== sorted[k - 1]) w = v.writeUInt16BE(sorted[k]!, w);
      }
      rows++;
      bytes += v.length;
    }
  }
  return { rows, bytes };
}

/** A row's ids as stored: the bitmap of B bits, or the 16-bit offsets (big-endian) when shorter. */
function encode(B: number, offsets: number[]): Buffer {
  if (2 * offsets.length < B / 8) {
    const b = Buffer.alloc(2 * offsets.length);
    offsets.forEach((o, k) => b.writeUInt16BE(o, 2 * k));
    return b;
  }
  const b = Buffer.alloc(B / 8);
  for (const o of offsets) b[o >> 3]! |= 1 << (o & 7);
  return b;
}

/** The offsets a stored value holds (its length tells bitmap from list). */
function decode(B: number, v: Buffer): Uint8Array {
  const bits = new Uint8Array(B / 8);
  if (v.length === B / 8) bits.set(v);
  else for (let k = 0; k < v.length; k += 2) bits[v.readUInt16BE(k) >> 3]! |= 1 << (v.readUInt16BE(k) & 7);
  return bits;
}

console.log(`## ${N.toLocaleString('en-US')} questions loaded above ${N.toLocaleString('en-US')}: rows of the loaded range, load ${load()}`);
console.log('| layout | rows | rows a question | bytes of the masks | bitmaps / lists | cut in Node |\n|---|---|---|---|---|---|');
{
  // 0016: one row per (256-id block, gram folded as the collation would about: case), 4 words
  const started = performance.now();
  let rows = 0;
  cut(256, N, 2 * N, (r) => (rows += new Set(r.map((x) => x.gram.toLowerCase())).size));
  console.log(
    `| words256 (0016) | ${rows.toLocaleString('en-US')} | ${(rows / N).toFixed(2)} | ${(rows * 32).toLocaleString('en-US')} | — | ${s(performance.now() - started)} |`,
  );
}
for (const B of [1024, 4096, 16384, 65536]) {
  const started = performance.now();
  let rows = 0;
  let bytes = 0;
  let maps = 0;
  cut(B, N, 2 * N, (r) => {
    rows += r.length;
    for (const x of r) {
      const v = encode(B, x.offsets);
      bytes += v.length;
      if (v.length === B / 8) maps++;
    }
  });
  console.log(
    `| bits${B} | ${rows.toLocaleString('en-US')} | ${(rows / N).toFixed(3)} | ${bytes.toLocaleString('en-US')} | ${maps.toLocaleString('en-US')} / ${(rows - maps).toLocaleString('en-US')} | ${s(performance.now() - started)} |`,
  );
}

console.log('\nThe same rows cut as a server would (numbers for grams, typed arrays), Node alone:');
for (const B of [4096, 16384]) {
  const started = performance.now();
  const { rows, bytes } = cutFast(B, N, 2 * N);
  console.log(
    `  bits${B}: ${rows.toLocaleString('en-US')} rows, ${bytes.toLocaleString('en-US')} bytes, cut in ${s(performance.now() - started)}, load ${load()}`,
  );
}

const sizes = (process.env.BENCH_LAYOUT_DB ?? '').split(',').filter(Boolean).map(Number);
const url = process.env.TEST_MYSQL_URL;
if (sizes.length > 0 && url) {
  const admin = openConnection(url, os.tmpdir(), { statementTimeoutMs: 0 });
  await sql`drop database if exists h1_layout`.execute(admin.db);
  await sql`create database h1_layout character set utf8mb4 collate utf8mb4_unicode_520_ci`.execute(admin.db);
  await admin.close();
  const conn = openConnection(url.replace(/\/[^/]*$/, '/h1_layout'), os.tmpdir(), { statementTimeoutMs: 0 });
  const db = conn.db;
  try {
    for (const B of sizes) {
      for (const shape of (process.env.BENCH_LAYOUT_SHAPES ?? 'blk-first,gram-first').split(',') as ('blk-first' | 'gram-first')[]) {
        const t = `h1_bits${B}_${shape.replace('-', '_')}`;
        const key = shape === 'blk-first' ? 'primary key (blk, col, raw), key ix_gram (col, gram, blk)' : 'primary key (col, gram, blk, raw)';
        await sql.raw(`drop table if exists ${t}`).execute(db);
        await sql
          .raw(
            `create table ${t} (blk int not null, col tinyint unsigned not null, raw varbinary(12) not null,
             gram varchar(3) character set utf8mb4 collate utf8mb4_unicode_520_ci not null, bits blob not null, ${key}) engine=InnoDB`,
          )
          .execute(db);
        /** The statements writing the rows of ids [from, to), at most ~2 MB of text each. */
        const statements = (from: number, to: number): string[] => {
          const out: string[] = [];
          let values: string[] = [];
          let size = 0;
          const send = () => {
            if (values.length) out.push(`insert into ${t} (blk, col, raw, gram, bits) values ${values.join(',')}`);
            values = [];
            size = 0;
          };
          cut(B, from, to, (rows) => {
            for (const r of rows) {
              const hex = Buffer.from(r.gram, 'utf8').toString('hex');
              const v = `(${r.blk},0,x'${hex}',_utf8mb4 x'${hex}',x'${encode(B, r.offsets).toString('hex')}')`;
              values.push(v);
              size += v.length;
              if (size > 2_000_000) send();
            }
          });
          send();
          return out;
        };
        const write = async (from: number, to: number) => {
          for (const statement of statements(from, to)) await sql.raw(statement).execute(db);
        };
        await write(0, N);
        const l0 = load();
        const cutStarted = performance.now();
        const made = statements(Math.floor(N / B) * B, 2 * N);
        const cutTook = performance.now() - cutStarted;
        const started = performance.now();
        await sql`begin`.execute(db);
        // the block holding N (made with the rows below) made again whole, as a catch-up of the range does
        await sql.raw(`delete from ${t} where blk >= ${Math.floor(N / B)}`).execute(db);
        for (const statement of made) await sql.raw(statement).execute(db);
        await sql`commit`.execute(db);
        const took = performance.now() - started;
        const { rows } = await sql<{ n: number }>`select count(*) as n from ${sql.table(t)} where blk >= ${Math.floor(N / B)}`.execute(db);
        console.log(
          `\nbits${B}, ${shape}: the loaded range's ${Number(rows[0]!.n).toLocaleString('en-US')} rows cut and made into ${made.length} statements in ${s(cutTook)}, written in ${s(took)}, load ${l0} → ${load()}`,
        );
        for (const value of [`第 ${N + 4242} 题`, 'qzxv', '信号传输', `${2 * N - 7}`, '扑']) {
          const chars = [...value];
          const picked = chars.length < 3 ? chars : [...new Set(chars.slice(0, -2).map((_, k) => chars.slice(k, k + 3).join('')))];
          const four = picked.length <= 4 ? picked : [0, 1, 2, 3].map((k) => picked[Math.round((k * (picked.length - 1)) / 3)]!);
          const times: number[] = [];
          let hits = 0;
          for (let call = 0; call < 3; call++) {
            const t0 = performance.now();
            const got = await sql<{
              blk: number;
              gram: string;
              bits: string;
            }>`select blk, gram, hex(bits) as bits from ${sql.table(t)} where col = 0 and gram in (${sql.join(four)})`.execute(db);
            // per gram (equal under the collation: OR-ed), per block: AND of the grams
            const byGram = new Map<string, Map<number, Uint8Array>>();
            for (const r of got.rows) {
              const g = four.find((x) => x.toLowerCase() === String(r.gram).toLowerCase()) ?? String(r.gram);
              const m = byGram.get(g) ?? new Map<number, Uint8Array>();
              byGram.set(g, m);
              const d = decode(B, Buffer.from(r.bits, 'hex'));
              const old = m.get(Number(r.blk));
              if (old) for (let k = 0; k < d.length; k++) old[k]! |= d[k]!;
              else m.set(Number(r.blk), d);
            }
            hits = 0;
            if (byGram.size === four.length) {
              const [first, ...rest] = [...byGram.values()];
              for (const [blk, bits] of first!) {
                const and = Uint8Array.from(bits);
                for (const m of rest) {
                  const o = m.get(blk);
                  if (!o) and.fill(0);
                  else for (let k = 0; k < and.length; k++) and[k]! &= o[k]!;
                }
                for (let k = 0; k < and.length; k++) if (and[k]) for (let b = 0; b < 8; b++) if (and[k]! & (1 << b)) hits++;
              }
            }
            times.push(performance.now() - t0);
          }
          console.log(`  ${value}: ${hits.toLocaleString('en-US')} candidates, grams read and ANDed ${times.map((x) => `${Math.round(x)} ms`).join(', ')}`);
        }
        await sql.raw(`drop table ${t}`).execute(db);
      }
    }
  } finally {
    await sql`drop database if exists h1_layout`.execute(db);
    await conn.close();
  }
}
