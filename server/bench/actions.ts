// The server's part of the system-page actions a person waits on (issue 19, "Speed a person feels"), in-process
// through app.inject on SQLite: a new account (its one-time password), a DDL preview and its run, 生成页面 (the menu
// of a created table), a password reset, the menu and role calls the first 菜单管理 open makes, and the JSON answer
// of /api/schema/. Prints the first call (a fresh server) and the median of the next ones, in ms.
// Usage: node --import tsx bench/actions.ts [repeats]
import { performance } from 'node:perf_hooks';
import { startTestApp } from '../test/helpers.ts';

const REPEATS = Number(process.argv[2] ?? 9);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const columns = [
  { columnName: 'id', type: 'int', primaryKey: 1, autoIncrement: 1, intro: '编号' },
  { columnName: 'title', type: 'nvarchar', length: 20, intro: '标题' },
  { columnName: 'price', type: 'money', intro: '价格' },
];

const t = await startTestApp('sqlite');
try {
  const timed = async (call: () => Promise<{ statusCode: number; body: string }>) => {
    const started = performance.now();
    const answer = await call();
    const ms = performance.now() - started;
    if (answer.statusCode !== 200) throw new Error(`${answer.statusCode} ${answer.body}`);
    return { ms, answer };
  };
  const rows: [string, number, number][] = [];
  const measure = async (name: string, call: (i: number) => Promise<{ statusCode: number; body: string }>) => {
    const first = (await timed(() => call(0))).ms;
    const next: number[] = [];
    for (let i = 1; i <= REPEATS; i++) next.push((await timed(() => call(i))).ms);
    rows.push([name, first, median(next)]);
  };
  const define = async (name: string) =>
    Number(
      (
        await t.post('/api/action/masterSlave/', {
          _flag: 'sys_dataSheet',
          _flagChidren: 'sys_tableFields',
          bindField: 'parentid',
          mainData: { tableName: name, intro: name, parentid: 10000 },
          chidrenData: columns,
        })
      ).json().data.id,
    );

  await measure('GET /api/system/menu/ (菜单管理, the navigation)', () => t.get('/api/system/menu/?sort=parentMenu%2C+sortNum&sortType=asc%2C+desc'));
  await measure('GET /api/access/menuActions/ (菜单管理, actions)', () => t.get('/api/access/menuActions/'));
  await measure('GET /api/schema/ (every table, the JSON drawer)', () => t.get('/api/schema/'));
  await measure('POST /api/user/save/ (new account, one-time password)', (i) =>
    t.post('/api/user/save/', { params: { loginid: `bench${i}`, name: `bench ${i}` } }),
  );
  const user = (await t.post('/api/user/save/', { params: { loginid: 'bench-reset', name: 'bench reset' } })).json().data;
  await measure('POST /api/user/resetPassword/', () => t.post('/api/user/resetPassword/', { id: user.id }));
  const previewIds = await Promise.all(Array.from({ length: REPEATS + 1 }, (_, i) => define(`benchpreview${i}`)));
  await measure('POST createSqlTable, preview (the DDL shown)', (i) => t.post('/api/action/createSqlTable/', { id: previewIds[i], preview: true }));
  const runIds = await Promise.all(Array.from({ length: REPEATS + 1 }, (_, i) => define(`benchrun${i}`)));
  await measure('POST createSqlTable, run (CREATE TABLE)', (i) => t.post('/api/action/createSqlTable/', { id: runIds[i] }));
  await measure('POST /api/datasources/menu/ (生成页面)', (i) => t.post('/api/datasources/menu/', { sheetId: runIds[i] }));

  console.log(`\nSystem-page actions, server side (in-process, SQLite; first call on a fresh server, then the median of ${REPEATS}):`);
  for (const [name, first, next] of rows) console.log(`  ${name.padEnd(56)} first ${first.toFixed(1).padStart(7)} ms   then ${next.toFixed(1).padStart(6)} ms`);
} finally {
  await t.close();
}
