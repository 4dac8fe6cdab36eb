import type { Plugin } from 'vite';

/** The line of @rc-component/table's Body/MeasureCell.js that reports a column's width as the table mounts. */
export const MEASURE_CELL_LINE = 'onColumnResize(columnKey, cellRef.current.offsetWidth);';

/**
 * A table with a fixed header or fixed columns measures its columns twice as it mounts: in a layout effect
 * (MeasureCell, `offsetWidth`, a whole number) and in its ResizeObserver once the browser has laid it out, which
 * reports the exact width (`getBoundingClientRect`, 59.1875) whenever `offsetWidth` is that width rounded. A column
 * stretched to fill the page (the list is narrower than its frame) has a fractional width, so the two differ, and the
 * table renders a third time, every cell (about 60 ms of a typed URL's main thread for 50 rows, issue 31). Here the
 * layout effect reports the same value as the observer will, and the observer's report changes nothing.
 */
export function rcTableMeasure(): Plugin {
  return {
    name: 'rc-table-measure',
    transform(code, id) {
      const file = id.split('?')[0]!;
      if (/@rc-component[\\/]table[\\/]es[\\/]Body[\\/]MeasureCell\.js$/.test(file)) return { code: patchMeasureCell(code), map: null };
      if (/@rc-component[\\/]table[\\/]es[\\/]Body[\\/]index\.js$/.test(file)) return { code: patchBodyExpandedInfo(code), map: null };
      return null;
    },
  };
}

/** MeasureCell's source with its layout effect reporting the observer's width; throws when the line is not there. */
export function patchMeasureCell(code: string): string {
  if (!code.includes(MEASURE_CELL_LINE)) throw new Error('rc-table-measure: @rc-component/table MeasureCell changed; see web/build/rcTableMeasure.ts');
  return code.replace(
    MEASURE_CELL_LINE,
    // @rc-component/resize-observer's useResizeObserver: offsetWidth === Math.round(width) ? width : offsetWidth
    'const { width } = cellRef.current.getBoundingClientRect(); const offsetWidth = cellRef.current.offsetWidth; onColumnResize(columnKey, offsetWidth === Math.round(width) ? width : offsetWidth);',
  );
}

/** The memo of @rc-component/table's Body/index.js that gives every row its expanded-row offsets. */
export const BODY_EXPANDED_INFO = `  const expandedRowInfo = React.useMemo(() => {
    const expandedColSpan = flattenColumns.length - expandedRowOffset;
    let expandedStickyStart = 0;
    for (let i = 0; i < expandedRowOffset; i += 1) {
      expandedStickyStart += colWidths[i] || 0;
    }
    return {
      offset: expandedRowOffset,
      colSpan: expandedColSpan,
      sticky: expandedStickyStart
    };
  }, [flattenColumns.length, expandedRowOffset, colWidths]);`;

/**
 * The measured widths (above) are the table's state: they render its body again, and the body gave every row a new
 * `expandedRowInfo` object, made again whenever any column's width changed, though it only sums the widths of the
 * columns before an expanded row's offset (none here). Every row then rendered again, and with it every cell (a row
 * hands its cells new props objects): the whole table a second time as it mounts (issue 31). Here the object is the
 * same while its three numbers are, so a row renders again only when something it shows changed.
 */
export function patchBodyExpandedInfo(code: string): string {
  if (!code.includes(BODY_EXPANDED_INFO)) throw new Error('rc-table-measure: @rc-component/table Body/index.js changed; see web/build/rcTableMeasure.ts');
  return code.replace(
    BODY_EXPANDED_INFO,
    `  const expandedColSpan = flattenColumns.length - expandedRowOffset;
  let expandedStickyStart = 0;
  for (let i = 0; i < expandedRowOffset; i += 1) {
    expandedStickyStart += colWidths[i] || 0;
  }
  const expandedRowInfo = React.useMemo(() => ({
    offset: expandedRowOffset,
    colSpan: expandedColSpan,
    sticky: expandedStickyStart
  }), [expandedRowOffset, expandedColSpan, expandedStickyStart]);`,
  );
}
