import { BLOCK_IDS, MASK_WORDS } from '../db/migrations/0016_search_gram_blocks.ts';

/*
 * MySQL/MariaDB's gram blocks (migration 0016, docs/search.md "Issue 30, third pass"): the grams of a text are each of
 * its characters and each 3 characters in a row; a block's row per (column, gram) carries a mask of the ids of the
 * block (256 consecutive ids, four 64-bit words) whose text holds it. Cut here, in the server, rather than in SQL: a `group by` over the
 * numbers-table join took 39 s for 300,000 questions on this machine, the same grams cut and grouped here ~4 s.
 * Grams are grouped by their exact text; the database merges those its collation calls equal (the primary key's
 * `on duplicate key update mask = mask | …`), as the search compares them (`gram = ?` under the collation).
 */

/** A row of the gram blocks: block, column number, gram, the mask's words (decimal texts of unsigned 64-bit numbers). */
export type BlockRow = [blk: number, col: number, gram: string, masks: string[]];

/** The block of an id and its bit in the block's mask. */
export function blockOf(id: number): { blk: number; bit: number } {
  const blk = Math.floor(id / BLOCK_IDS);
  return { blk, bit: id - blk * BLOCK_IDS };
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
 * Cuts rows given in increasing id order into gram block rows: a block's rows are out once a row of a later block
 * comes, or at `end()`. `take()` hands over the rows out so far. A gram is looked up by a number while it is made of
 * BMP characters (most texts: no string is made per gram, only per block row), by its text otherwise.
 */
export class BlockCutter {
  private blk: number | undefined;
  /** per column, gram key → its slot in `masks` */
  private readonly grams: Map<number | string, number>[] = [];
  /** the masks of the block's grams, 2·MASK_WORDS 32-bit halves a slot: word 0's high and low half, word 1's… */
  private masks = new Int32Array(2 * MASK_WORDS * 1024);
  private slots = 0;
  private out: BlockRow[] = [];

  /** Adds the text of column `col` of row `id` (ids never decreasing). */
  add(id: number, col: number, text: string | null | undefined): void {
    const blk = Math.floor(id / BLOCK_IDS);
    const bit = id - blk * BLOCK_IDS;
    if (blk !== this.blk) {
      this.flush();
      this.blk = blk;
    }
    if (text === null || text === undefined || text === '') return;
    const grams = (this.grams[col] ??= new Map());
    // the 32-bit half holding the bit: word bit >> 6, its high half for bits 32…63 of the word
    const half = 2 * (bit >> 6) + ((bit & 63) >= 32 ? 0 : 1);
    const one = 1 << (bit & 31);
    const s = String(text);
    if (!SURROGATE.test(s)) {
      // each character and each 3 in a row, a character a UTF-16 unit
      const n = s.length;
      for (let k = 0; k < n; k++) {
        const c = s.charCodeAt(k);
        this.set(grams, c, half, one);
        if (k + 2 < n) this.set(grams, TRI + c * 0x100000000 + s.charCodeAt(k + 1) * 0x10000 + s.charCodeAt(k + 2), half, one);
      }
      return;
    }
    // characters, not UTF-16 units (as MySQL's char_length): 𠀀 is one
    const chars = Array.from(s);
    for (let k = 0; k < chars.length; k++) {
      this.set(grams, keyOf(chars[k]!), half, one);
      if (k + 2 < chars.length) this.set(grams, keyOf(chars[k]! + chars[k + 1]! + chars[k + 2]!), half, one);
    }
  }

  private set(grams: Map<number | string, number>, key: number | string, half: number, one: number): void {
    let slot = grams.get(key);
    if (slot === undefined) {
      slot = this.slots++;
      const size = 2 * MASK_WORDS;
      if ((slot + 1) * size > this.masks.length) {
        const more = new Int32Array(this.masks.length * 2);
        more.set(this.masks);
        this.masks = more;
      }
      this.masks.fill(0, slot * size, (slot + 1) * size);
      grams.set(key, slot);
    }
    this.masks[slot * 2 * MASK_WORDS + half]! |= one;
  }

  /** The rows of the blocks done so far, handed over. */
  take(): BlockRow[] {
    const rows = this.out;
    this.out = [];
    return rows;
  }

  /** The last block's rows too (no row of it is coming). */
  end(): BlockRow[] {
    this.flush();
    this.blk = undefined;
    return this.take();
  }

  private flush(): void {
    if (this.blk === undefined) return;
    const m = this.masks;
    for (let col = 0; col < this.grams.length; col++) {
      const grams = this.grams[col];
      if (!grams) continue;
      for (const [key, slot] of grams) {
        const at = slot * 2 * MASK_WORDS;
        const words: string[] = [];
        for (let w = 0; w < MASK_WORDS; w++) words.push(word(m[at + 2 * w]! >>> 0, m[at + 2 * w + 1]! >>> 0));
        this.out.push([this.blk, col, gramOf(key), words]);
      }
      grams.clear();
    }
    this.slots = 0;
  }
}

/** A 64-bit word from its halves as decimal text: a JavaScript number below 2^53, else a BigInt (~4x slower). */
function word(hi: number, lo: number): string {
  if (hi === 0) return String(lo);
  if (hi < 0x200000) return String(hi * 0x100000000 + lo);
  return ((BigInt(hi) << 32n) | BigInt(lo)).toString();
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
