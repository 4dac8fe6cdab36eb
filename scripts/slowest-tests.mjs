#!/usr/bin/env node
// The slowest test files and tests of the last runs: `npm run slowest [-- N]`. Reads the JSON reports every vitest run
// writes to test-results/ (server.json, web.json, e2e.json, and server-node24.json from CI's second runtime: see each vitest config's
// reporters) and prints, per suite,
// the N slowest files (wall time) and the N slowest tests. CI prints it after its runs.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const n = Number(process.argv[2] ?? 10);
const seconds = (ms) => `${(ms / 1000).toFixed(1).padStart(6)} s`;
let found = 0;
const dir = join(root, 'test-results');
const suites = existsSync(dir)
  ? readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .map((f) => f.slice(0, -5))
  : [];
for (const suite of suites.sort()) {
  const file = join(dir, `${suite}.json`);
  found++;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const files = report.testResults.map((f) => ({ name: relative(root, f.name), ms: f.endTime - f.startTime, tests: f.assertionResults }));
  const tests = files.flatMap((f) => f.tests.map((t) => ({ name: `${f.name} > ${t.fullName}`, ms: t.duration ?? 0 })));
  const total = files.reduce((s, f) => s + f.ms, 0);
  console.log(
    `\n${suite}: ${files.length} files, ${tests.length} tests, ${seconds(total)} summed over files (report of ${statSync(file).mtime.toISOString()})`,
  );
  console.log('  slowest files:');
  for (const f of files.sort((a, b) => b.ms - a.ms).slice(0, n)) console.log(`  ${seconds(f.ms)}  ${f.name}`);
  console.log('  slowest tests:');
  for (const t of tests.sort((a, b) => b.ms - a.ms).slice(0, n)) console.log(`  ${seconds(t.ms)}  ${t.name}`);
}
if (!found) console.log('No test report yet: run npm test (or npm run test:e2e) first; reports go to test-results/.');
