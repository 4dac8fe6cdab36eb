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

/**
 * Cuts rows given in increasing id order into gram block rows: a block's rows are out once a row of a later block
 * comes, or at `end()`. `take()` hands over the rows out so far.
 */
export class BlockCutter {
  private blk: number | undefined;
  /** per column, gram → its mask in 32-bit halves: word 0's high and low half, word 1's… */
  private readonly grams = new Map<number, Map<string, Int32Array>>();
  private out: BlockRow[] = [];

  /** Adds the text of column `col` of row `id` (ids never decreasing). */
  add(id: number, col: number, text: string | null | undefined): void {
    const { blk, bit } = blockOf(id);
    if (blk !== this.blk) {
      this.flush();
      this.blk = blk;
    }
    if (text === null || text === undefined || text === '') return;
    let grams = this.grams.get(col);
    if (!grams) this.grams.set(col, (grams = new Map()));
    // the 32-bit half holding the bit: word bit >> 6, its high half for bits 32…63 of the word
    const half = 2 * (bit >> 6) + ((bit & 63) >= 32 ? 0 : 1);
    const one = 1 << (bit & 31);
    const set = (gram: string) => {
      let mask = grams.get(gram);
      if (!mask) grams.set(gram, (mask = new Int32Array(2 * MASK_WORDS)));
      mask[half]! |= one;
    };
    // characters, not UTF-16 units (as MySQL's char_length): 𠀀 is one
    const chars = Array.from(String(text));
    for (let k = 0; k < chars.length; k++) {
      set(chars[k]!);
      if (k + 2 < chars.length) set(chars[k]! + chars[k + 1]! + chars[k + 2]!);
    }
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
    for (const [col, grams] of this.grams) {
      for (const [gram, mask] of grams) {
        const words = Array.from({ length: MASK_WORDS }, (_, w) => word(mask[2 * w]! >>> 0, mask[2 * w + 1]! >>> 0));
        this.out.push([this.blk, col, gram, words]);
      }
      grams.clear();
    }
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
