#!/usr/bin/env node
// `npm run lint`: ESLint (type-aware, one core for the whole of its run), and beside it on the other core, one after
// another, Prettier's check (its cache of formatted files in node_modules/.cache/prettier), the folder-cycle check and
// the stale-path check. Every check runs to its end, even after another failed; each one's report is printed whole, in
// that order, and the exit code is non-zero when any of them failed.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);
const node = process.execPath;
// ESLint's package exports no bin path: its bin folder is beside the folder of the package's main
const eslint = join(dirname(require.resolve('eslint')), '../bin/eslint.js');
const prettier = require.resolve('prettier/bin/prettier.cjs');

const checks = {
  eslint: [node, [eslint, '.', '--max-warnings', '0']],
  prettier: [node, [prettier, '--check', '.', '--log-level', 'warn', '--cache', '--cache-location', 'node_modules/.cache/prettier/check']],
  'check-cycles': [node, ['scripts/check-cycles.mjs']],
  'check-paths': [node, ['scripts/check-paths.mjs']],
};
/** the checks each lane runs one after another; the lanes run at once */
const lanes = [['eslint'], ['prettier', 'check-cycles', 'check-paths']];

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

const results = new Map();
await Promise.all(
  lanes.map(async (lane) => {
    for (const name of lane) results.set(name, await run(name));
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
