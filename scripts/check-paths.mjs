#!/usr/bin/env node
// Paths that docs and comments name must exist (`npm run lint` runs it). In docs/*.md and README.md: every backticked
// path of the repository (`server/...`, `web/...`, `packages/...`, `docs/...`, `scripts/...`, `deploy/...`, `.ci/...`);
// `<name>` and `*` stand for any one name, `{a,b}` for each of a and b, and a `:line` or `#anchor` after it is not part
// of the path. In the comments of the code (server, web, contracts, scripts): every path of a file with an extension,
// found from the repository root, from any folder above the file or a package's src (a server test names
// `crud/values.ts`), or in node_modules. A renamed or moved file leaves no stale name behind.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const ROOTED = /^(?:server|web|packages|docs|scripts|deploy|\.ci)\//;
const SOURCES = ['server/src', 'web/src', 'packages/contracts/src'];
const CODE = [
  'server/src',
  'server/test',
  'server/bench',
  'web/src',
  'web/test',
  'web/e2e',
  'web/scripts',
  'packages/contracts/src',
  'packages/contracts/test',
  'scripts',
];

const lineAt = (text, index) => text.slice(0, index).split('\n').length;

/** The repository paths a Markdown text names in backticks, with their lines. */
export function pathsInMarkdown(text) {
  const found = [];
  // code blocks show code and trees, not paths to check
  const prose = text.replace(/^```[^\n]*\n[\s\S]*?^```/gm, (block) => block.replace(/[^\n]/g, ' '));
  for (const m of prose.matchAll(/`([^`\n]+)`/g)) {
    const path = m[1]
      .trim()
      .split(/\s/)[0]
      .replace(/\\\|/g, '|')
      .replace(/(?:#[\w-]*|:\d+(?:-\d+)?)$/, '')
      .replace(/[,.;:]$/, '');
    if (ROOTED.test(path)) found.push({ path, line: lineAt(prose, m.index) });
  }
  return found;
}

/** `a{b,c}d` → `abd`, `acd` (nested braces too). */
function expandBraces(pattern) {
  const m = /\{([^{}]*)\}/.exec(pattern);
  if (!m) return [pattern];
  return m[1].split(',').flatMap((choice) => expandBraces(pattern.slice(0, m.index) + choice + pattern.slice(m.index + m[0].length)));
}

/** Whether a path pattern names something under `root`: `<name>` and `*` match within one name. */
/** A build's output (`web/dist`, `server/dist/main.js`): made by `npm run build`, absent from a fresh clone. */
const BUILT = /(^|\/)dist(\/|$)/;

export function pathExists(root, pattern) {
  if (BUILT.test(pattern)) return true;
  return expandBraces(pattern).every((variant) => {
    const segments = variant
      .replace(/<[^<>/]*>/g, '*')
      .replace(/\/$/, '')
      .split('/');
    let bases = [root];
    for (const segment of segments) {
      if (!segment.includes('*') && !segment.includes('|')) {
        bases = bases.map((b) => join(b, segment)).filter((p) => existsSync(p));
      } else {
        const escaped = segment.replace(/[.+?^${}()[\]\\]/g, '\\$&').replace(/\*/g, '.*');
        const re = new RegExp(`^(?:${escaped})$`);
        bases = bases.flatMap((b) => (isDirectory(b) ? readdirSync(b).filter((n) => re.test(n)) : []).map((n) => join(b, n)));
      }
      if (bases.length === 0) return false;
    }
    return true;
  });
}

function isDirectory(path) {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/** The paths of files (with an extension) the comments of a source file name, with their lines. */
export function pathsInComments(text, fileName) {
  const found = [];
  const variant = /\.(tsx|jsx)$/.test(fileName) ? ts.LanguageVariant.JSX : ts.LanguageVariant.Standard;
  const scanner = ts.createScanner(ts.ScriptTarget.Latest, false, variant, text);
  for (let kind = scanner.scan(); kind !== ts.SyntaxKind.EndOfFileToken; kind = scanner.scan()) {
    if (kind !== ts.SyntaxKind.SingleLineCommentTrivia && kind !== ts.SyntaxKind.MultiLineCommentTrivia) continue;
    const comment = scanner.getTokenText();
    for (const m of comment.matchAll(/(?<![\w./@<>*{}-])((?:\.{1,2}\/)*(?:[\w.-]+\/)+[\w.-]+\.(?:ts|tsx|mjs|js|md|json|css|html|sql|yaml|yml))(?![\w/*])/g)) {
      found.push({ path: m[1], line: lineAt(text, scanner.getTokenPos() + m.index) });
    }
  }
  return found;
}

/**
 * Whether a path named in a comment of `file` exists: from any folder above the file (or its src/: a test names
 * `crud/values.ts`), from the src/ of a package (the contracts name the server's `forms/derive.ts`), or node_modules.
 */
export function commentPathExists(root, file, path) {
  if (BUILT.test(path)) return true;
  // a relative path (`./x.ts`, `../core/wheres.ts`) is read from the file's folder only
  if (path.startsWith('.')) return existsSync(resolve(dirname(file), path));
  const places = [];
  for (let dir = dirname(file); ; dir = dirname(dir)) {
    places.push(dir, join(dir, 'src'));
    if (dir === root || dir === dirname(dir)) break;
  }
  places.push(...SOURCES.map((src) => join(root, src)), join(root, 'node_modules'));
  return places.some((dir) => existsSync(resolve(dir, path)));
}

function filesOf(dir, pattern) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (name === 'node_modules' || name === 'dist' || name === 'fixtures') return [];
    if (isDirectory(path)) return filesOf(path, pattern);
    return pattern.test(name) ? [path] : [];
  });
}

/** Every stale path of the repository: `file:line: path`. */
export function stalePaths(root = ROOT) {
  const stale = [];
  for (const doc of [...filesOf(join(root, 'docs'), /\.md$/), join(root, 'README.md')].filter((f) => existsSync(f))) {
    for (const { path, line } of pathsInMarkdown(readFileSync(doc, 'utf8'))) {
      if (!pathExists(root, path)) stale.push(`${relative(root, doc)}:${line}: ${path}`);
    }
  }
  for (const file of CODE.flatMap((dir) => filesOf(join(root, dir), /\.(ts|tsx|mjs)$/))) {
    for (const { path, line } of pathsInComments(readFileSync(file, 'utf8'), file)) {
      if (!commentPathExists(root, file, path)) stale.push(`${relative(root, file)}:${line}: ${path}`);
    }
  }
  return stale;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const stale = stalePaths();
  for (const line of stale) console.error(`no such path: ${line}`);
  if (stale.length > 0) {
    console.error(`${stale.length} path(s) named in docs or comments do not exist: name the file as it is now`);
    process.exit(1);
  }
  console.log('paths named in docs and comments: all exist');
}
