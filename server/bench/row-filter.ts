// Row and field permissions (issue 33 #5): what a grant's row filter and field rules cost a list call. SQLite,
// BENCH_ROW_FILTER_ROWS questions (default 1,000,000; 20 subjects), in-process through app.inject, a page of 20 with
// the exact total: the administrator listing one subject (wheres parentId = 7) against the 申论 editor whose grant's
// filter is parentId = 7 (the same rows); each with the count cache cleared before every call (the total counted)
// and warm. Then the members list as the administrator and as an assistant whose grant hides the phone. Medians of
// BENCH_ROW_FILTER_CALLS calls per subject, interleaved. Goal: the filtered list within 1.5x the administrator's;
// field filtering nothing measurable.
import fs from 'node:fs';
import path from 'node:path';
import { startTestApp, type TestApp } from '../test/helpers.ts';
import { generateQuestions } from './generate.ts';

const ROWS = Number(process.env.BENCH_ROW_FILTER_ROWS ?? 1_000_000);
const CALLS = Number(process.env.BENCH_ROW_FILTER_CALLS ?? 40);

const t: TestApp = await startTestApp('sqlite');
try {
  const started = performance.now();
  // the app's own connection is closed while the rows are written by a second one, then the app reads them
  generateQuestions(path.join(t.dataDir, 'app.sqlite'), ROWS);
  t.ctx.crud.counts.invalidate('questionBank');
  console.log(
    `\nRow and field permissions (issue 33): ${ROWS.toLocaleString('en')} questions generated in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );

  const menuId = async (url: string) => Number((await t.ctx.conn.db.selectFrom('sys_menu').select('id').where('url', '=', url).executeTakeFirstOrThrow()).id);
  const account = async (name: string, menu: string, rule: Record<string, unknown>) => {
    const role = (await t.post('/api/action/save/', { _flag: 'sys_role', params: { name, department: 'bench' } })).json().data.id;
    const grant = await t.post('/api/access/role/', { roleId: role, grants: [{ menuId: await menuId(menu), actions: ['view'], ...rule }] });
    if (grant.statusCode !== 200) throw new Error(`grant: ${grant.body}`);
    const user = (await t.post('/api/user/save/', { params: { loginid: name, name } })).json().data;
    await t.post('/api/user/roles/', { id: user.id, roleIds: [role] });
    return (await t.login(name, user.password)).json().token as string;
  };
  const editor = await account('bench-editor', '/manage/questionBank', { rowFilter: { parentId: 7 } });
  const assistant = await account('bench-assistant', '/manage/member', { fieldRules: { hidden: ['phone'], readOnly: [] } });

  const one = encodeURIComponent(JSON.stringify({ parentId: 7 }));
  const subjects: { label: string; token: string; url: string; cold: boolean }[] = [];
  for (const cold of [true, false]) {
    const how = cold ? 'total counted' : 'total cached';
    subjects.push(
      { label: `administrator, wheres parentId = 7 (${how})`, token: t.token, url: `/api/select/?_flag=questionBank&page=1&row=20&wheres=${one}`, cold },
      { label: `editor, filter parentId = 7 (${how})`, token: editor, url: '/api/select/?_flag=questionBank&page=1&row=20', cold },
    );
  }
  subjects.push(
    { label: 'members: administrator', token: t.token, url: '/api/select/?_flag=sys_member&page=1&row=20', cold: false },
    { label: 'members: assistant, phone hidden', token: assistant, url: '/api/select/?_flag=sys_member&page=1&row=20', cold: false },
  );
  const times = new Map<string, number[]>(subjects.map((s) => [s.label, []]));
  const totals = new Map<string, number>();
  for (let round = 0; round <= CALLS; round++) {
    for (const s of subjects) {
      if (s.cold) t.ctx.crud.counts.invalidate(s.url.includes('sys_member') ? 'sys_member' : 'questionBank');
      const t0 = performance.now();
      const r = await t.app.inject({ method: 'GET', url: s.url, headers: { authorization: s.token } });
      const ms = performance.now() - t0;
      if (r.statusCode !== 200) throw new Error(`${s.label}: ${r.statusCode} ${r.body.slice(0, 200)}`);
      totals.set(s.label, r.json().total as number);
      if (round > 0) times.get(s.label)!.push(ms);
    }
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  for (const s of subjects)
    console.log(
      `  ${s.label.padEnd(52)} median ${median(times.get(s.label)!).toFixed(1).padStart(7)} ms  (total ${totals.get(s.label)!.toLocaleString('en')})`,
    );
  const ratio = (a: string, b: string) => median(times.get(a)!) / median(times.get(b)!);
  console.log(
    `  filtered / administrator: ${ratio(subjects[1]!.label, subjects[0]!.label).toFixed(2)}x counted, ${ratio(subjects[3]!.label, subjects[2]!.label).toFixed(2)}x cached (goal ≤ 1.5x); members ${ratio(subjects[5]!.label, subjects[4]!.label).toFixed(2)}x`,
  );
  if (totals.get(subjects[0]!.label) !== totals.get(subjects[1]!.label)) throw new Error('the editor and the administrator counted different rows');
} finally {
  await t.close();
  fs.rmSync(t.dataDir, { recursive: true, force: true });
}
