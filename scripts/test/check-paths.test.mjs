// The check of `npm run lint` that paths named in docs and comments exist (scripts/check-paths.mjs), on a planted tree.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { pathExists, pathsInComments, pathsInMarkdown, stalePaths } from '../check-paths.mjs';

function plantedTree() {
  const root = mkdtempSync(join(tmpdir(), 'qb-paths-'));
  const write = (path, text) => {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), text);
  };
  write('server/src/crud/service.ts', '// the service (crud/values.ts reads values; ./service.ts is this file)\nexport {};\n');
  write('server/src/crud/values.ts', 'export {};\n');
  write('server/test/values.test.ts', '// tests crud/values.ts and crud/gone.ts\n');
  write('web/src/forms/kinds/text/input.tsx', 'export {};\n');
  write('web/src/forms/kinds/rate/input.tsx', 'export {};\n');
  write('docs/screenshots/page-zh.png', '');
  write('docs/screenshots/page-en.png', '');
  write(
    'docs/a.md',
    [
      'The service: `server/src/crud/service.ts`, at `server/src/crud/values.ts:12`, see `docs/a.md#top`.',
      'Each kind: `web/src/forms/kinds/<kind>/input.tsx`; shots `docs/screenshots/page-{zh,en}.png`, `docs/screenshots/*.png`.',
      'Gone: `server/src/crud/search.ts`, and `web/src/forms/kinds/<kind>/code.ts`, `docs/screenshots/page-{zh,fr}.png`.',
      'Not a path: `npm test`, `crud/service.ts`.',
      '```',
      'server/src/in/a/code/block.ts',
      '```',
    ].join('\n'),
  );
  return root;
}

test('backticked repository paths are read from Markdown prose, without lines, anchors or code blocks', () => {
  const found = pathsInMarkdown('See `server/src/x.ts:4`, `docs/a.md#b`, `web/e2e/run.mjs --state before` and `npm test`.\n```\n`docs/no.md`\n```\n');
  assert.deepEqual(found, [
    { path: 'server/src/x.ts', line: 1 },
    { path: 'docs/a.md', line: 1 },
    { path: 'web/e2e/run.mjs', line: 1 },
  ]);
});

test('placeholders, globs and braces: each choice must exist, a placeholder or glob at least once', () => {
  const root = plantedTree();
  try {
    assert.equal(pathExists(root, 'web/src/forms/kinds/<kind>/input.tsx'), true);
    assert.equal(pathExists(root, 'web/src/forms/kinds/<kind>/code.ts'), false);
    assert.equal(pathExists(root, 'docs/screenshots/page-{zh,en}.png'), true);
    assert.equal(pathExists(root, 'docs/screenshots/page-{zh,fr}.png'), false);
    assert.equal(pathExists(root, 'docs/screenshots/page-<zh|en>.png'), true);
    assert.equal(pathExists(root, 'server/src/crud/'), true);
    // a build's output is not in a fresh clone: named in the docs (the deployment's files), it is not stale
    assert.equal(pathExists(root, 'web/dist'), true);
    assert.equal(pathExists(root, 'server/dist/main.js'), true);
    assert.equal(pathExists(root, 'server/distant/x.ts'), false);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('a planted tree: the stale paths of docs and comments are named with their file and line, and only those', () => {
  const root = plantedTree();
  try {
    assert.deepEqual(stalePaths(root), [
      'docs/a.md:3: server/src/crud/search.ts',
      'docs/a.md:3: web/src/forms/kinds/<kind>/code.ts',
      'docs/a.md:3: docs/screenshots/page-{zh,fr}.png',
      'server/test/values.test.ts:1: crud/gone.ts',
    ]);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('paths in comments, not in code', () => {
  const text = "const p = 'server/src/a.ts';\n// reads crud/values.ts and ../core/wheres.ts\n/** see web/src/app/menuIcons.tsx */\n";
  assert.deepEqual(
    pathsInComments(text, 'x.ts').map((p) => `${p.line}:${p.path}`),
    ['2:crud/values.ts', '2:../core/wheres.ts', '3:web/src/app/menuIcons.tsx'],
  );
});
