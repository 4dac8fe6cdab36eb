#!/usr/bin/env node
// `npm test`: the server suite (SQLite, and PostgreSQL / MariaDB when TEST_PG_URL / TEST_MYSQL_URL are set) and the
// web suite (component and logic tests), side by side, with the contracts' own suite and the tests of these scripts
// (a few seconds each, done while the two large ones start). The server suite spends much of its time waiting on its
// databases and uses about one core; the web suite fills the other. Each suite's report is printed whole once it
// has finished (not interleaved); the exit code is non-zero when any failed.
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const children = [];
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    for (const child of children) child.kill(signal);
    process.exit(1);
  });
}

const scriptTestsDir = fileURLToPath(new URL('test/', import.meta.url));
const scriptTests = readdirSync(scriptTestsDir)
  .filter((f) => f.endsWith('.test.mjs'))
  .map((f) => join(scriptTestsDir, f));
const commands = [
  ['server', 'npm', ['run', 'test', '-w', 'server']],
  ['web', 'npm', ['run', 'test', '-w', 'web']],
  ['contracts', 'npm', ['run', 'test', '-w', 'packages/contracts']],
  // the files themselves: Node 20 reads a directory argument, Node 22 and later a glob
  ['scripts', process.execPath, ['--test', ...scriptTests]],
];
const suites = commands.map(([suite, command, args]) => {
  const started = Date.now();
  const child = spawn(command, args, {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '1' },
  });
  children.push(child);
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  return new Promise((resolve) => {
    child.on('close', (code) => {
      process.stdout.write(`\n===== ${suite}: exit code ${code}, ${((Date.now() - started) / 1000).toFixed(0)} s =====\n${output}`);
      resolve(code ?? 1);
    });
  });
});

const codes = await Promise.all(suites);
// the suites that need a database server skip without it: said once more here, with what to set
const servers = [
  ['TEST_PG_URL', 'postgres://postgres@127.0.0.1:5432/test', 'PostgreSQL'],
  ['TEST_MYSQL_URL', 'mysql://root@127.0.0.1:3306/test', 'MariaDB/MySQL'],
];
for (const [name, example, engine] of servers.filter(([name]) => !process.env[name])) {
  console.log(`The ${engine} storage suites were skipped: set ${name} to run them (e.g. ${name}=${example} npm test).`);
}
process.exit(codes.some((c) => c !== 0) ? 1 : 0);
