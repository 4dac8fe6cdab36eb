#!/usr/bin/env node
// npm run typecheck: strict TypeScript on the web app, the server and the contracts: two compilers at once, their
// reports printed whole in that order (the web's first: it compiles the contracts' sources too, so a missing field-kind
// facet or route handler is named at the top). The contracts have no compiler of their own: their sources are checked
// by both programs (server/tsconfig.json and web/tsconfig.json include them), their tests and vitest config by the
// server's (Node.js code, as the server's own); a third program would check the same sources again. Exits non-zero when
// either found an error. Incremental (the build info in node_modules/.cache/typecheck): a second run checks only what
// changed and what depends on it.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
const projects = ['web', 'server'];
const cache = path.resolve('node_modules/.cache/typecheck');
mkdirSync(cache, { recursive: true });

function check(project) {
  return new Promise((resolve) => {
    // incremental: what did not change since the last run (node_modules/.cache, never committed) is not checked again
    const info = path.join(cache, `${project.replaceAll('/', '-')}.tsbuildinfo`);
    const child = spawn(process.execPath, [tsc, '-p', project, '--incremental', '--tsBuildInfoFile', info], { stdio: ['ignore', 'pipe', 'pipe'] });
    const out = [];
    child.stdout.on('data', (d) => out.push(d));
    child.stderr.on('data', (d) => out.push(d));
    child.on('close', (code) => resolve({ project, code, text: Buffer.concat(out).toString() }));
  });
}

const slots = Math.max(1, Math.min(projects.length, availableParallelism()));
const results = new Array(projects.length);
let next = 0;
await Promise.all(
  Array.from({ length: slots }, async () => {
    while (next < projects.length) {
      const i = next++;
      results[i] = await check(projects[i]);
    }
  }),
);
let failed = false;
for (const r of results) {
  if (r.text) process.stdout.write(r.text.endsWith('\n') ? r.text : `${r.text}\n`);
  if (r.code !== 0) {
    failed = true;
    console.error(`tsc -p ${r.project}: exit ${r.code}`);
  }
}
process.exit(failed ? 1 : 0);
