#!/usr/bin/env node
// Prints the gzip size of each built chunk and the initial JavaScript of /user/login
// (the entry chunk and everything it imports statically; the login page is part of the entry).
// Usage: node web/scripts/bundle-size.mjs [--json]   (after `npm run build -w web`)
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const LOGIN_BUDGET_KB = 250;
const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');

export function gzipKb(file) {
  return gzipSync(readFileSync(join(dist, file)), { level: 9 }).length / 1024;
}

/** Files /user/login loads before it can show anything: the entry and its static imports, transitively. */
export function loginInitialJs() {
  const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
  const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
  const files = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  visit(entryKey);
  const list = [...files].filter((f) => f.endsWith('.js'));
  return { files: list, gzipKb: list.reduce((sum, f) => sum + gzipKb(f), 0) };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (!existsSync(join(dist, '.vite', 'manifest.json'))) {
    console.error('web/dist is not built: run `npm run build -w web` first');
    process.exit(1);
  }
  const chunks = readdirSync(join(dist, 'assets'))
    .filter((f) => f.endsWith('.js') || f.endsWith('.css'))
    .map((f) => ({ file: `assets/${f}`, gzipKb: gzipKb(`assets/${f}`) }))
    .sort((a, b) => b.gzipKb - a.gzipKb);
  const login = loginInitialJs();
  if (process.argv.includes('--json')) {
    console.log(JSON.stringify({ chunks, login }, null, 2));
  } else {
    for (const c of chunks) console.log(`${c.gzipKb.toFixed(1).padStart(8)} KB gzip  ${c.file}`);
    console.log(`\n/user/login initial JS: ${login.gzipKb.toFixed(1)} KB gzip (budget ${LOGIN_BUDGET_KB} KB) in ${login.files.length} files:`);
    for (const f of login.files) console.log(`  ${f}`);
  }
}
