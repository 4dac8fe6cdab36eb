import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, startTestApp, type TestApp } from './helpers.ts';

// What the list call no longer pays for (issue 32, docs/performance.md "The list call against release 3de679c").

describe.each(engines)('list pages on %s', (engine, url) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine, url);
  });
  afterAll(async () => t?.close());

  it('compiles a list once: its other pages reuse the statement with their own limit and offset, and answer their own rows', async () => {
    const wheres = { isdelete: 0 };
    const all = await t.select('questionBank', { page: '1', row: '1000', wheres, sort: 'id', sortType: 'desc' });
    const ids = all.body.data.map((r: any) => r.id);
    expect(ids.length).toBeGreaterThanOrEqual(30);
    const before = t.ctx.crud.compiledPages;
    for (const page of [1, 3, 2, 1]) {
      const got = await t.select('questionBank', { page: String(page), row: '7', wheres, sort: 'id', sortType: 'desc' });
      expect(got.body.data.map((r: any) => r.id)).toEqual(ids.slice((page - 1) * 7, page * 7));
      expect(got.body.total).toBe(ids.length);
    }
    expect(t.ctx.crud.compiledPages - before).toBe(1);
    // another page size, sort or condition is another statement, answered right
    const other = await t.select('questionBank', { page: '2', row: '5', wheres: { isdelete: 0, id: ids.slice(0, 8) }, sort: 'id', sortType: 'asc' });
    expect(other.body.data.map((r: any) => r.id)).toEqual(ids.slice(0, 8).reverse().slice(5, 8));
    expect(t.ctx.crud.compiledPages - before).toBe(2);
  });
});

describe('the server at start', () => {
  it('loads no SQL Server or Oracle driver until such a data source connects (about 20 MB resident)', () => {
    const root = path.resolve(import.meta.dirname, '..');
    const probe = `
      import { createRequire } from 'node:module';
      await import(${JSON.stringify(path.join(root, 'src', 'app.ts'))});
      const loaded = Object.keys(createRequire(import.meta.url).cache).filter((f) => /node_modules\\/(tedious|oracledb|tarn)\\//.test(f));
      console.log(JSON.stringify(loaded.map((f) => f.replace(/^.*node_modules\\//, '').split('/')[0])));
    `;
    const r = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', probe], { cwd: root, encoding: 'utf8' });
    expect(r.stderr).not.toMatch(/Error/);
    expect([...new Set(JSON.parse(r.stdout.trim().split('\n').pop()!))]).toEqual([]);
  });
});
