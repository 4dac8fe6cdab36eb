// What the access checks cost a list call (issue 10: "API benchmark within 10% of its figure before access checks").
// In-process, through app.inject: CPU time per generic list call on SQLite (2,000 questions, a page of 20), as the
// administrator and as an operator whose role is granted only the question page (the grant check on every call).
// With BENCH_BEFORE=<another checkout> (e.g. `git worktree add /tmp/before dbccf2c`, the commit before the access
// checks, with its node_modules), that checkout's app is built in the same process and measured in the same rounds,
// interleaved: throughput over sockets swings by ±30% between runs on a shared two-core machine, a comparison
// inside one process does not. Usage: node --import tsx bench/access-overhead.ts [calls per round] [rounds]
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { startTestApp, type TestApp } from '../test/helpers.ts';

const CALLS = Number(process.argv[2] ?? 4000);
const ROUNDS = Number(process.argv[3] ?? 8);
const wheres = encodeURIComponent(JSON.stringify({ isdelete: 0, parentId: 7 }));
const url = `/api/select/?_flag=questionBank&page=5&row=20&wheres=${wheres}&sort=id&sortType=desc`;

/** An app with 2,000 questions (200 of them matching), and the token of the caller to measure. */
async function subject(start: typeof startTestApp, as: 'administrator' | 'operator'): Promise<{ t: TestApp; token: string }> {
  const t = await start();
  const rows = Array.from({ length: 2000 }, (_, i) => ({
    name: `bench ${i}`,
    parentId: (i % 10) + 1,
    typeId: 1,
    options: '[]',
    correctOptions: 'A',
    subject: '',
    isdelete: 0,
  }));
  for (let i = 0; i < rows.length; i += 200)
    await t.ctx.conn.db
      .insertInto('questionBank' as never)
      .values(rows.slice(i, i + 200) as never)
      .execute();
  let token = t.token;
  if (as === 'operator') {
    const role = (await t.post('/api/action/save/', { _flag: 'sys_role', params: { name: 'bench-operator', department: 'bench' } })).json().data;
    const menus = (await t.get('/api/system/menu/')).json().data as { id: number; url: string }[];
    const questions = menus.find((m) => m.url === '/manage/questionBank');
    const grant = await t.post('/api/access/role/', { roleId: role.id, grants: [{ menuId: questions?.id, actions: ['view'] }] });
    if (grant.statusCode !== 200) throw new Error(`granting the question page: ${grant.body}`);
    const user = (await t.post('/api/user/save/', { params: { loginid: 'bench-operator', name: 'bench operator' } })).json().data;
    await t.post('/api/user/roles/', { id: user.id, roleIds: [role.id] });
    token = (await t.login('bench-operator', user.password)).json().token;
  }
  const first = await t.app.inject({ method: 'GET', url, headers: { authorization: token } });
  if (first.statusCode !== 200 || first.json().total !== 200) throw new Error(`unexpected answer ${first.statusCode}: ${first.body.slice(0, 200)}`);
  return { t, token };
}

const subjects: [string, { t: TestApp; token: string }][] = [];
if (process.env.BENCH_BEFORE) {
  const helpers = pathToFileURL(path.resolve(process.env.BENCH_BEFORE, 'server', 'test', 'helpers.ts')).href;
  const before = (await import(helpers)) as { startTestApp: typeof startTestApp };
  subjects.push([`before (${path.basename(path.resolve(process.env.BENCH_BEFORE))})`, await subject(before.startTestApp, 'administrator')]);
}
subjects.push(['administrator', await subject(startTestApp, 'administrator')], ['operator', await subject(startTestApp, 'operator')]);

const results = new Map<string, number[]>();
try {
  // round 0 warms up; each round measures every subject in turn
  for (let round = 0; round <= ROUNDS; round++) {
    for (const [name, { t, token }] of subjects) {
      const cpu0 = process.cpuUsage();
      for (let i = 0; i < CALLS; i++) {
        const r = await t.app.inject({ method: 'GET', url, headers: { authorization: token } });
        if (r.statusCode !== 200) throw new Error(`${name}: ${r.statusCode} ${r.body}`);
        // on SQLite a call does no I/O: without a turn of the event loop the immediates of each reply pile up
        if (i % 50 === 49) await new Promise((resolve) => setImmediate(resolve));
      }
      const cpu = process.cpuUsage(cpu0);
      if (round > 0) results.set(name, [...(results.get(name) ?? []), (cpu.user + cpu.system) / CALLS]);
    }
  }
} finally {
  for (const [, { t }] of subjects) await t.close();
}
console.log(`\naccess checks: CPU per generic list call (app.inject, SQLite, 2,000 questions, a page of 20), ${ROUNDS} interleaved rounds of ${CALLS}`);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const base = results.values().next().value!;
for (const [name, us] of results) {
  const ratio = subjects.length > 2 ? `  ${((median(us) / median(base)) * 100).toFixed(0)}% of the first` : '';
  console.log(`  ${name.padEnd(24)} median ${median(us).toFixed(0)} µs${ratio}  (rounds ${us.map((u) => u.toFixed(0)).join(', ')})`);
}
