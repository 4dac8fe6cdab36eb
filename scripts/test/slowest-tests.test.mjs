// `npm run slowest` (scripts/slowest-tests.mjs): a run of one file must not replace the report of the whole suite.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { mergeReports, reportsBySuite } from '../slowest-tests.mjs';

const report = (files) => ({
  testResults: files.map(([name, ms]) => ({ name, startTime: 1000, endTime: 1000 + ms, assertionResults: [{ fullName: `${name} works`, duration: ms }] })),
});

test('each file comes from the newest run that ran it; a run nothing is taken from any more is superseded', () => {
  const dir = mkdtempSync(join(tmpdir(), 'qb-slowest-'));
  try {
    mkdirSync(join(dir, 'server'));
    mkdirSync(join(dir, 'e2e-failures'));
    const write = (name, files) => writeFileSync(join(dir, 'server', name), JSON.stringify(report(files)));
    write('1700000000000-11.json', [
      ['/r/a.test.ts', 5000],
      ['/r/b.test.ts', 7000],
      ['/r/c.test.ts', 9000],
      ['/r/gone.test.ts', 1],
    ]);
    write('1700000100000-12.json', [['/r/b.test.ts', 100]]);
    write('1700000200000-13.json', [['/r/b.test.ts', 300]]);
    writeFileSync(join(dir, 'server', 'notes.txt'), 'not a report');
    writeFileSync(join(dir, 'web.json'), JSON.stringify(report([['/r/w.test.tsx', 2000]])));

    const suites = reportsBySuite(dir);
    assert.deepEqual([...suites.keys()].sort(), ['server', 'web']);
    assert.deepEqual(
      suites.get('server').map((r) => r.time),
      [1700000200000, 1700000100000, 1700000000000],
    );

    const { files, superseded } = mergeReports(suites.get('server'), (f) => f !== '/r/gone.test.ts');
    assert.deepEqual([...files].map(([name, f]) => [name, f.ms, f.time]).sort(), [
      ['/r/a.test.ts', 5000, 1700000000000],
      ['/r/b.test.ts', 300, 1700000200000],
      ['/r/c.test.ts', 9000, 1700000000000],
    ]);
    assert.deepEqual(superseded, [join(dir, 'server', '1700000100000-12.json')]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
