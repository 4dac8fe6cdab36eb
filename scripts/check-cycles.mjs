#!/usr/bin/env node
// Folders that import each other (`npm run lint` runs it after ESLint). Every relative import of server/src, web/src
// and packages/contracts/src counts, `import type` too: a folder that needs another one's types depends on it. A
// folder is a feature's folder (web/src/crud, server/src/datasources); files directly in a src/ count as one folder.
// Two folders that import each other are a cycle. The pairs that exist today are listed in KNOWN (docs/architecture.md
// says where they come from); the check fails on any other pair, and on a listed one that is gone (take it off the
// list: it only shrinks). Longer cycles through three folders or more are not checked yet.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const TREES = ['server/src', 'web/src', 'packages/contracts/src'];

/** Pairs of folders allowed to import each other: none (issue 20 took the last of them away; keep it so). */
const KNOWN = new Set([]);

function filesOf(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return filesOf(path);
    return /\.(ts|tsx)$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The folder a file belongs to: the first level below its tree's src (or the tree itself). */
function folderOf(tree, file) {
  const rel = relative(join(ROOT, tree), file).split('/');
  return rel.length > 1 ? `${tree}/${rel[0]}` : tree;
}

function resolveImport(from, spec) {
  const base = resolve(dirname(from), spec);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]) {
    try {
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // not this one
    }
  }
  return undefined;
}

const folders = new Map();
for (const tree of TREES) {
  for (const file of filesOf(join(ROOT, tree))) {
    const from = folderOf(tree, file);
    if (!folders.has(from)) folders.set(from, new Set());
    for (const { fileName: spec } of ts.preProcessFile(readFileSync(file, 'utf8'), true, true).importedFiles) {
      if (!spec.startsWith('.')) continue;
      const target = resolveImport(file, spec);
      if (!target || !target.startsWith(join(ROOT, tree))) continue;
      const to = folderOf(tree, target);
      if (to !== from) folders.get(from).add(to);
    }
  }
}

const pairs = [];
for (const [a, targets] of folders) for (const b of targets) if (a < b && folders.get(b)?.has(a)) pairs.push(`${a} <-> ${b}`);
const unknown = pairs.filter((p) => !KNOWN.has(p));
const gone = [...KNOWN].filter((p) => !pairs.includes(p));
for (const p of unknown) console.error(`folders that import each other: ${p}`);
for (const p of gone) console.error(`a listed pair no longer imports each other, take it off KNOWN in scripts/check-cycles.mjs: ${p}`);
if (unknown.length > 0 || gone.length > 0) process.exit(1);
console.log(`folders importing each other: ${pairs.length}, all listed (the list only shrinks)`);
