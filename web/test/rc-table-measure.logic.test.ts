import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BODY_EXPANDED_INFO, MEASURE_CELL_LINE, patchBodyExpandedInfo, patchMeasureCell } from '../build/rcTableMeasure.ts';

// web/build/rcTableMeasure.ts (issue 31): antd's table measures its columns as it mounts with the width its
// ResizeObserver reports next, so that the observer's report does not render the table a third time.
const require = createRequire(import.meta.url);
const tableDir = dirname(require.resolve('@rc-component/table/package.json', { paths: [dirname(require.resolve('antd/package.json'))] }));
const source = readFileSync(join(tableDir, 'es', 'Body', 'MeasureCell.js'), 'utf8');
const body = readFileSync(join(tableDir, 'es', 'Body', 'index.js'), 'utf8');

describe('rc-table-measure', () => {
  it("finds MeasureCell's line in the installed @rc-component/table", () => {
    expect(source).toContain(MEASURE_CELL_LINE);
  });

  it('reports the exact width when offsetWidth is that width rounded, as the ResizeObserver does', () => {
    const patched = patchMeasureCell(source);
    expect(patched).not.toContain(MEASURE_CELL_LINE);
    const line = patched.split('\n').find((l) => l.includes('getBoundingClientRect'))!;
    const run = (width: number, offsetWidth: number) => {
      const reported: number[] = [];
      new Function('cellRef', 'columnKey', 'onColumnResize', line)(
        { current: { getBoundingClientRect: () => ({ width }), offsetWidth } },
        'k',
        (_: string, w: number) => reported.push(w),
      );
      return reported[0];
    };
    expect(run(59.1875, 59)).toBe(59.1875);
    expect(run(166.5, 167)).toBe(166.5);
    // a transformed cell (offsetWidth is not its box rounded): offsetWidth, as the observer
    expect(run(80, 100)).toBe(100);
  });

  it('refuses a MeasureCell without the line (a changed dependency is noticed)', () => {
    expect(() => patchMeasureCell('export default 1;')).toThrow(/MeasureCell changed/);
  });
});

describe("rc-table's rows keep their expanded-row info while the measured widths come in", () => {
  /** Runs a body's memo as React would across renders (same deps, same value) and gives each render's object. */
  const renders = (code: string, widthsOfEachRender: number[][], offset = 0) => {
    const start = code.indexOf(code.includes(BODY_EXPANDED_INFO) ? BODY_EXPANDED_INFO : '  const expandedColSpan');
    const end = code.indexOf(']);', start) + 3;
    const snippet = code.slice(start, end);
    let memo: { deps: unknown[]; value: unknown } | undefined;
    const React = {
      useMemo: (make: () => unknown, deps: unknown[]) => {
        if (!memo || deps.length !== memo.deps.length || deps.some((d, i) => !Object.is(d, memo!.deps[i]))) memo = { deps, value: make() };
        return memo.value;
      },
    };
    const flattenColumns = [1, 2, 3];
    return widthsOfEachRender.map((colWidths) =>
      new Function('React', 'flattenColumns', 'expandedRowOffset', 'colWidths', `${snippet}\nreturn expandedRowInfo;`)(
        React,
        flattenColumns,
        offset,
        colWidths,
      ),
    );
  };

  it("finds the body's memo in the installed @rc-component/table", () => {
    expect(body).toContain(BODY_EXPANDED_INFO);
  });

  it('gives the rows the same object when the widths change and its numbers do not', () => {
    // the first render knows no widths; the measure row's layout effect then sets them
    const [first, measured] = renders(patchBodyExpandedInfo(body), [[], [48, 120.5, 90]]);
    expect(measured).toBe(first);
    expect(measured).toEqual({ offset: 0, colSpan: 3, sticky: 0 });
    // unpatched, a new object: every row (and cell) renders again
    const [before, after] = renders(body, [[], [48, 120.5, 90]]);
    expect(after).not.toBe(before);
  });

  it('gives a new object when its numbers change (an expanded row under fixed columns)', () => {
    const [first, measured] = renders(patchBodyExpandedInfo(body), [[], [48, 120.5, 90]], 2);
    expect(measured).not.toBe(first);
    expect(measured).toEqual({ offset: 2, colSpan: 1, sticky: 168.5 });
  });

  it('refuses a body without the memo (a changed dependency is noticed)', () => {
    expect(() => patchBodyExpandedInfo('export default 1;')).toThrow(/Body\/index\.js changed/);
  });
});
