#!/usr/bin/env node
// `npm run lint`: ESLint (type-aware), Prettier's check (its cache of formatted files in node_modules/.cache/prettier),
// the folder-cycle check and the stale-path check. ESLint and Prettier each run as two processes, the web app in one
// and the rest (server, contracts, scripts) in the other: ESLint's type information is per TypeScript program anyway
// (web/tsconfig.json, server/tsconfig.json), so a process of its own per half builds each program once, as one process
// did, and the halves run on two cores instead of one after the other. The checks are taken from one queue, longest
// first, by as many workers as there are cores (two at most). Every check runs to its end, even after another failed;
// each one's report is printed whole, in the order of the list, and the exit code is non-zero when any of them failed.
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);
const node = process.execPath;
// ESLint's package exports no bin path: its bin folder is beside the folder of the package's main
const eslint = join(dirname(require.resolve('eslint')), '../bin/eslint.js');
const prettier = require.resolve('prettier/bin/prettier.cjs');
/**
 * The web app's half, and the rest: the top level's entries but web/ (each tool's ignore file still applies; a file
 * named at the top level that Prettier has no parser for, such as .gitignore, is passed over as `prettier .` does)
 */
const WEB = 'web';
const rest = readdirSync('.').filter((name) => ![WEB, 'node_modules', '.git'].includes(name));
const prettierCheck = (half, paths) => [
  node,
  [prettier, '--check', ...paths, '--ignore-unknown', '--log-level', 'warn', '--cache', '--cache-location', `node_modules/.cache/prettier/check-${half}`],
];

/**
 * In the order they are taken, the longest first: CPU time measured cold on this machine (load 5), ESLint's server half
 * 49 s and web half 44 s, Prettier's whole check 25 s, the two path checks 1 s each.
 */
const checks = {
  'eslint (server, contracts, scripts)': [node, [eslint, '.', '--ignore-pattern', `${WEB}/**`, '--max-warnings', '0']],
  'eslint (web)': [node, [eslint, WEB, '--max-warnings', '0']],
  'prettier (server, contracts, scripts, docs)': prettierCheck('rest', rest),
  'prettier (web)': prettierCheck('web', [WEB]),
  'check-cycles': [node, ['scripts/check-cycles.mjs']],
  'check-paths': [node, ['scripts/check-paths.mjs']],
};

const children = new Set();
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    for (const child of children) child.kill(signal);
    process.exit(1);
  });
}

function run(name) {
  const [command, args] = checks[name];
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '1' } });
    children.add(child);
    const out = [];
    child.stdout.on('data', (d) => out.push(d));
    child.stderr.on('data', (d) => out.push(d));
    child.on('error', (error) => out.push(Buffer.from(`${error.message}\n`)));
    child.on('close', (code) => {
      children.delete(child);
      resolve({ name, code: code ?? 1, text: Buffer.concat(out).toString() });
    });
  });
}

const queue = Object.keys(checks);
const results = new Map();
await Promise.all(
  Array.from({ length: Math.max(1, Math.min(2, availableParallelism())) }, async () => {
    for (let name = queue.shift(); name; name = queue.shift()) results.set(name, await run(name));
  }),
);
let failed = false;
for (const name of Object.keys(checks)) {
  const { code, text } = results.get(name);
  if (text) process.stdout.write(text.endsWith('\n') ? text : `${text}\n`);
  if (code !== 0) {
    failed = true;
    console.error(`${name}: exit code ${code}`);
  }
}
process.exit(failed ? 1 : 0);
