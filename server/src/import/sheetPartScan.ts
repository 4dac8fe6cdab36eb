/**
 * The check of an xlsx's XML parts, run in the spreadsheet worker (sheetWorkerSource.ts) after the zip is unpacked and
 * before SheetJS parses a byte of it: SheetJS turns a part into one string and a shared string or a cell into another,
 * whatever their size, so what a part may expand to is bounded here, on its bytes.
 *
 * Bounded per part: the longest text, tag, cell or shared string (`c` and `si` elements, rich-text runs included), the
 * nesting depth, and the number of cells and of shared strings. One pass over the bytes, a small state machine (a
 * byte loop is faster than indexOf jumps here: in a sheet a tag comes every 8 bytes).
 * Plain CommonJS kept as text, as the worker is; `scanXmlPart(name, bytes, limits)` throws `new Refusal(key, params)`.
 */
export const PART_SCAN_SOURCE = String.raw`
const TEXT = 0, NAME = 1, ATTRIBUTES = 2, QUOTED = 3;
/** what the scan counts by an element's local name (without its prefix, x:c is c) */
const OTHER = 0, CELL = 1, SHARED_STRING = 2;

function elementKind(buf, start, end) {
  if (end - start === 1 && buf[start] === 0x63) return CELL;
  if (end - start === 2 && buf[start] === 0x73 && buf[start + 1] === 0x69) return SHARED_STRING;
  return OTHER;
}

function scanXmlPart(name, buf, limits) {
  const maxRun = limits.maxXmlRunBytes;
  const tooLong = () => new Refusal('importPartTooLong', { max: Math.round(maxRun / 1024) + ' KB', part: name });
  const n = buf.length;
  let state = TEXT, quote = 0;
  let runStart = 0, tagStart = 0, localStart = 0, closing = false, kind = OTHER;
  let depth = 0, cells = 0, strings = 0;
  // where the open cell or shared string began (-1: none): its bytes, runs included, are bounded like one run
  let itemStart = -1;
  for (let i = 0; i < n; i++) {
    const b = buf[i];
    if (state === TEXT) {
      if (b !== 0x3c) continue;
      if (i - runStart > maxRun) throw tooLong();
      const next = buf[i + 1];
      if (next === 0x21 || next === 0x3f) {
        // a comment, CDATA, doctype or processing instruction: skipped to its end, not a level
        const closer = buf[i + 2] === 0x2d ? '-->' : buf[i + 2] === 0x5b ? ']]>' : '>';
        const at = buf.indexOf(closer, i + 2);
        const end = at < 0 ? n : at + closer.length;
        if (end - i > maxRun) throw tooLong();
        i = end - 1;
        runStart = end;
        continue;
      }
      tagStart = i;
      closing = next === 0x2f;
      if (closing) i++;
      localStart = i + 1;
      state = NAME;
      continue;
    }
    if (state === NAME) {
      if (b === 0x3a) localStart = i + 1;
      if (b !== 0x20 && b !== 0x3e && b !== 0x2f && b !== 0x09 && b !== 0x0a && b !== 0x0d) continue;
      kind = elementKind(buf, localStart, i);
      state = ATTRIBUTES;
    }
    if (state === ATTRIBUTES) {
      if (b === 0x22 || b === 0x27) {
        quote = b;
        state = QUOTED;
        continue;
      }
      if (b !== 0x3e) continue;
      if (i - tagStart > maxRun) throw tooLong();
      state = TEXT;
      runStart = i + 1;
      if (closing) {
        depth--;
        if (kind !== OTHER && itemStart >= 0) {
          if (i - itemStart > maxRun) throw tooLong();
          itemStart = -1;
        }
        continue;
      }
      const selfClosing = buf[i - 1] === 0x2f;
      if (!selfClosing && ++depth > limits.maxXmlDepth) throw new Refusal('importTooDeep', { max: limits.maxXmlDepth });
      if (kind === OTHER) continue;
      if (kind === CELL ? ++cells > limits.maxCells : ++strings > limits.maxCells) throw new Refusal('importTooManyCells', { max: limits.maxCells });
      if (!selfClosing && itemStart < 0) itemStart = tagStart;
      continue;
    }
    // QUOTED: a '>' inside an attribute value does not end its tag
    if (b === quote) state = ATTRIBUTES;
  }
  if (n - (state === TEXT ? runStart : tagStart) > maxRun) throw tooLong();
}
`;
