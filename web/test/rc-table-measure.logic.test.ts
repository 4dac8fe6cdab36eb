import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MEASURE_CELL_LINE, patchMeasureCell } from '../build/rcTableMeasure.ts';

// web/build/rcTableMeasure.ts (issue 31): antd's table measures its columns as it mounts with the width its
// ResizeObserver reports next, so that the observer's report does not render the table a third time.
const require = createRequire(import.meta.url);
const tableDir = dirname(require.resolve('@rc-component/table/package.json', { paths: [dirname(require.resolve('antd/package.json'))] }));
const source = readFileSync(join(tableDir, 'es', 'Body', 'MeasureCell.js'), 'utf8');

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
