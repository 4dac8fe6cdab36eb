#!/usr/bin/env node
// The slowest test files and tests of the last runs: `npm run slowest [-- N]`. Every vitest run writes a JSON report of
// its own, test-results/<suite>/<time>-<pid>.json (suites server, web, e2e, and server-node24 from CI's second
// runtime: see each vitest config's reporters), so a run of one file does not replace the report of the whole suite.
// Per suite, each test file is taken from the newest report that ran it (a file no longer on disk is left out), and
// the N slowest files (wall time) and the N slowest tests are printed. A report whose every file has been run again
// since is deleted. CI prints it after its runs.
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const dir = join(root, 'test-results');
const seconds = (ms) => `${(ms / 1000).toFixed(1).padStart(6)} s`;

/**
 * The reports of each suite, newest first: `<suite>/<time>-<pid>.json`, and a `<suite>.json` of the layout before
 * (read as a run of its file's time).
 */
export function reportsBySuite(resultsDir) {
  const suites = new Map();
  const add = (suite, path, time) => {
    if (!suites.has(suite)) suites.set(suite, []);
    suites.get(suite).push({ path, time });
  };
  if (!existsSync(resultsDir)) return suites;
  for (const name of readdirSync(resultsDir)) {
    const path = join(resultsDir, name);
    if (name.endsWith('.json') && statSync(path).isFile()) add(name.slice(0, -5), path, statSync(path).mtimeMs);
    else if (statSync(path).isDirectory() && name !== 'e2e-failures') {
      for (const run of readdirSync(path).filter((f) => /^\d+-\d+\.json$/.test(f))) add(name, join(path, run), Number(run.split('-')[0]));
    }
  }
  for (const reports of suites.values()) reports.sort((a, b) => b.time - a.time);
  return suites;
}

/**
 * One suite's test files, each from the newest report that ran it, and the reports nothing is taken from any more.
 * `exists(file)` says whether a test file is still there.
 */
export function mergeReports(reports, exists = existsSync) {
  const files = new Map();
  const superseded = [];
  for (const report of reports) {
    let parsed;
    try {
      parsed = JSON.parse(readFileSync(report.path, 'utf8'));
    } catch {
      // a report being written, or cut short: skipped (and kept) this time
      continue;
    }
    let used = 0;
    for (const f of parsed.testResults ?? []) {
      if (files.has(f.name) || !exists(f.name)) continue;
      files.set(f.name, { ms: f.endTime - f.startTime, tests: f.assertionResults, time: report.time });
      used++;
    }
    if (used === 0) superseded.push(report.path);
  }
  return { files, superseded };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const n = Number(process.argv[2] ?? 10);
  const suites = reportsBySuite(dir);
  for (const [suite, reports] of [...suites].sort(([a], [b]) => a.localeCompare(b))) {
    const { files: merged, superseded } = mergeReports(reports);
    for (const path of superseded) rmSync(path, { force: true });
    if (merged.size === 0) continue;
    const files = [...merged].map(([name, f]) => ({ name: relative(root, name), ...f }));
    const tests = files.flatMap((f) => f.tests.map((t) => ({ name: `${f.name} > ${t.fullName}`, ms: t.duration ?? 0 })));
    const total = files.reduce((s, f) => s + f.ms, 0);
    const times = files.map((f) => f.time);
    const runs = new Set(times).size;
    const when = (t) => new Date(t).toISOString();
    console.log(
      `\n${suite}: ${files.length} files, ${tests.length} tests, ${seconds(total)} summed over files ` +
        (runs === 1 ? `(report of ${when(times[0])})` : `(from ${runs} runs, ${when(Math.min(...times))} to ${when(Math.max(...times))})`),
    );
    console.log('  slowest files:');
    for (const f of files.sort((a, b) => b.ms - a.ms).slice(0, n)) console.log(`  ${seconds(f.ms)}  ${f.name}`);
    console.log('  slowest tests:');
    for (const t of tests.sort((a, b) => b.ms - a.ms).slice(0, n)) console.log(`  ${seconds(t.ms)}  ${t.name}`);
  }
  if (suites.size === 0) console.log('No test report yet: run npm test (or npm run test:e2e) first; reports go to test-results/.');
}
