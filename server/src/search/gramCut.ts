import { BITMAP_BYTES, BITS_IDS } from '../db/migrations/0018_search_gram_bits.ts';

/*
 * MySQL/MariaDB's gram rows (migration 0018, docs/search.md "Issue 30, seventh pass"): the grams of a text are each of
 * its characters and each 3 characters in a row; a block's row per (column, exact gram) carries the ids of the block
 * (BITS_IDS consecutive ids) whose text holds it: a bitmap, or their 16-bit offsets when shorter. Cut here, in the
 * server: a `group by` over a numbers-table join took 39 s for 300,000 questions on this machine. Grams are kept by
 * their exact text (`raw`); a search reads every row of a gram equal to its own under the collation (`gram = ?`).
 */

/** A gram row: block, column number, gram, the ids it holds (encoded: encodeIds). */
export type BitsRow = [blk: number, col: number, gram: string, bits: Buffer];

/** The block of an id and its offset in the block. */
export function blockOf(id: number): { blk: number; bit: number } {
  const blk = Math.floor(id / BITS_IDS);
  return { blk, bit: id - blk * BITS_IDS };
}

/** The stored value of a block's ids given by their offsets (increasing, repeats allowed): the shorter of the two forms. */
export function encodeIds(offsets: ArrayLike<number>, from = 0, to = offsets.length): Buffer {
  let distinct = 0;
  for (let k = from; k < to; k++) if (k === from || offsets[k] !== offsets[k - 1]) distinct++;
  if (2 * distinct < BITMAP_BYTES) {
    const list = Buffer.allocUnsafe(2 * distinct);
    let at = 0;
    for (let k = from; k < to; k++) if (k === from || offsets[k] !== offsets[k - 1]) at = list.writeUInt16BE(offsets[k]!, at);
    return list;
  }
  const map = Buffer.alloc(BITMAP_BYTES);
  for (let k = from; k < to; k++) map[offsets[k]! >> 3]! |= 1 << (offsets[k]! & 7);
  return map;
}

/** ORs a stored value's ids into the bitmap `into` (BITMAP_BYTES long). */
export function orIds(into: Uint8Array, bits: Uint8Array): void {
  if (bits.length === BITMAP_BYTES) for (let k = 0; k < BITMAP_BYTES; k++) into[k]! |= bits[k]!;
  else
    for (let k = 0; k + 1 < bits.length; k += 2) {
      const o = (bits[k]! << 8) | bits[k + 1]!;
      into[o >> 3]! |= 1 << (o & 7);
    }
}

/** The ids a bitmap of block `blk` holds, pushed onto `out` in increasing order. */
export function idsOf(blk: number, map: Uint8Array, out: number[]): void {
  for (let k = 0; k < map.length; k++) {
    const b = map[k]!;
    if (b !== 0) for (let bit = 0; bit < 8; bit++) if (b & (1 << bit)) out.push(blk * BITS_IDS + k * 8 + bit);
  }
}

/** A text holding a UTF-16 surrogate (a character beyond the BMP, or a lone half): cut by code points, the slow way. */
const SURROGATE = /[\uD800-\uDFFF]/;
/** A trigram's key of three BMP code units: above every single code unit's key, exact in a double (below 2^49). */
const TRI = 2 ** 48;

/** The gram a key stands for: a code unit, three code units (TRI + c0·2^32 + c1·2^16 + c2), or the gram itself. */
function gramOf(key: number | string): string {
  if (typeof key === 'string') return key;
  if (key < TRI) return String.fromCharCode(key);
  const rest = key - TRI;
  return String.fromCharCode(Math.floor(rest / 0x100000000), Math.floor(rest / 0x10000) % 0x10000, rest % 0x10000);
}

/** The key of a gram: a number when it is one or three UTF-16 units (as the fast path makes it), else its text. */
function keyOf(gram: string): number | string {
  if (gram.length === 1) return gram.charCodeAt(0);
  if (gram.length === 3) return TRI + gram.charCodeAt(0) * 0x100000000 + gram.charCodeAt(1) * 0x10000 + gram.charCodeAt(2);
  return gram;
}

/**
 * Cuts rows given in increasing id order into gram rows: a block's rows are out once a row of a later block comes, or
 * at `end()`. `take()` hands over the rows out so far. A gram is looked up by a number while it is made of BMP
 * characters (most texts: no string is made per gram, only per row out); each occurrence is a (slot, offset) pair in
 * typed arrays, sorted by slot (counting sort) when the block is done.
 */
export class BitsCutter {
  private blk: number | undefined;
  /** per column, gram key → its slot */
  private readonly grams: Map<number | string, number>[] = [];
  private slots = 0;
  /** the slots' columns and keys, by slot */
  private slotCol: number[] = [];
  private slotKey: (number | string)[] = [];
  private pairSlot = new Int32Array(1 << 16);
  private pairOff = new Int32Array(1 << 16);
  private pairs = 0;
  private out: BitsRow[] = [];

  /** Adds the text of column `col` of row `id` (ids never decreasing). */
  add(id: number, col: number, text: string | null | undefined): void {
    const blk = Math.floor(id / BITS_IDS);
    if (blk !== this.blk) {
      this.flush();
      this.blk = blk;
    }
    if (text === null || text === undefined || text === '') return;
    const grams = (this.grams[col] ??= new Map());
    const off = id - blk * BITS_IDS;
    const s = String(text);
    if (!SURROGATE.test(s)) {
      // each character and each 3 in a row, a character a UTF-16 unit
      const n = s.length;
      for (let k = 0; k < n; k++) {
        const c = s.charCodeAt(k);
        this.put(grams, col, c, off);
        if (k + 2 < n) this.put(grams, col, TRI + c * 0x100000000 + s.charCodeAt(k + 1) * 0x10000 + s.charCodeAt(k + 2), off);
      }
      return;
    }
    // characters, not UTF-16 units (as MySQL's char_length): 𠀀 is one
    const chars = Array.from(s);
    for (let k = 0; k < chars.length; k++) {
      this.put(grams, col, keyOf(chars[k]!), off);
      if (k + 2 < chars.length) this.put(grams, col, keyOf(chars[k]! + chars[k + 1]! + chars[k + 2]!), off);
    }
  }

  private put(grams: Map<number | string, number>, col: number, key: number | string, off: number): void {
    let slot = grams.get(key);
    if (slot === undefined) {
      slot = this.slots++;
      grams.set(key, slot);
      this.slotCol[slot] = col;
      this.slotKey[slot] = key;
    }
    if (this.pairs === this.pairSlot.length) {
      const slots = new Int32Array(this.pairs * 2);
      slots.set(this.pairSlot);
      this.pairSlot = slots;
      const offs = new Int32Array(this.pairs * 2);
      offs.set(this.pairOff);
      this.pairOff = offs;
    }
    this.pairSlot[this.pairs] = slot;
    this.pairOff[this.pairs++] = off;
  }

  /** The rows of the blocks done so far, handed over. */
  take(): BitsRow[] {
    const rows = this.out;
    this.out = [];
    return rows;
  }

  /** The last block's rows too (no row of it is coming). */
  end(): BitsRow[] {
    this.flush();
    this.blk = undefined;
    return this.take();
  }

  private flush(): void {
    if (this.blk === undefined) return;
    const slots = this.slots;
    // counting sort of the pairs by slot: each slot's offsets stay in increasing order
    const start = new Int32Array(slots + 1);
    for (let k = 0; k < this.pairs; k++) start[this.pairSlot[k]! + 1]!++;
    for (let k = 1; k <= slots; k++) start[k]! += start[k - 1]!;
    const sorted = new Int32Array(this.pairs);
    const at = start.slice(0, slots);
    for (let k = 0; k < this.pairs; k++) sorted[at[this.pairSlot[k]!]!++] = this.pairOff[k]!;
    for (let slot = 0; slot < slots; slot++)
      this.out.push([this.blk, this.slotCol[slot]!, gramOf(this.slotKey[slot]!), encodeIds(sorted, start[slot]!, start[slot + 1]!)]);
    for (const grams of this.grams) grams?.clear();
    this.slots = 0;
    this.pairs = 0;
  }
}

/** Grams of a search looked up at most: the AND of any subset of its grams finds a superset of its rows, the `like` decides. */
const MOST_GRAMS = 4;

/**
 * The grams a search looks up, each with `=` (AND of their masks): of 3 characters or more, up to MOST_GRAMS of its
 * distinct trigrams (the first, the last, spread between); of 1 or 2 characters, its characters. A row whose text
 * matches the search's `like` holds a run of characters each equal to the search's under the collation, so it holds a
 * gram equal to each of these (a superset; the base row's `like` decides).
 */
export function searchGrams(text: string): string[] {
  const chars = Array.from(text);
  const all = new Map<string, string>();
  const add = (gram: string) => {
    if (!all.has(gram.toLowerCase())) all.set(gram.toLowerCase(), gram);
  };
  if (chars.length < 3) chars.forEach(add);
  else for (let k = 0; k + 3 <= chars.length; k++) add(chars.slice(k, k + 3).join(''));
  const distinct = [...all.values()];
  if (distinct.length <= MOST_GRAMS) return distinct;
  return Array.from({ length: MOST_GRAMS }, (_, k) => distinct[Math.round((k * (distinct.length - 1)) / (MOST_GRAMS - 1))]!);
}
