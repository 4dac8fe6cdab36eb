// The access matrix of issue 33 ("Done when"): every route of the API (access-matrix-scoped-calls.ts, one entry per
// name of the contracts' endpoints) called as a row-filtered role — the 申论 editor, 题库 with all its actions and the
// filter parentId = subject A — and as a field-limited role — the assistant, 小程序用户管理 with all its actions, phone
// hidden and gender read-only —, both also granted the home page, on every engine. Nothing outside may leak: no
// marker text of a question of subject B and no phone of the member in any answer (JSON, CSV, the cells of every sheet
// of an XLSX/XLS file), totals and the home page's count equal to the rows inside, a row outside answered exactly as a
// missing one (status, code, message), a hidden column exactly as a missing one; nothing outside written.
import fs from 'node:fs';
import * as XLSX from '@e965/xlsx';
import { endpoints, type EndpointName } from '@qb/contracts/schemas';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offeredActions, pageDeclaration } from '../src/access/pages.ts';
import { type Call, callsOf, declaredCalls, type Fixture, type Who } from './access-matrix-scoped-calls.ts';
import { engines, startTestApp, type TestApp } from './helpers.ts';
import { bookBytes, CATEGORY_HEADER, q, QUESTION_HEADER, upload } from './import-fixtures.ts';

const MARKERS: Record<Who, string[]> = { editor: ['OUTMARK'], assistant: ['1391234000'] };
const PHONE = '13912340001';
const PHONE_NOW = '13912340002';

/** The text of an answer: its body, or the cells of every sheet of a spreadsheet. */
function textOf(r: LightMyRequestResponse): string {
  const type = String(r.headers['content-type'] ?? '');
  if (/spreadsheet|ms-excel/.test(type)) {
    const book = XLSX.read(r.rawPayload, { type: 'buffer' });
    return book.SheetNames.map((n) => XLSX.utils.sheet_to_csv(book.Sheets[n]!)).join('\n');
  }
  return r.body;
}

const jsonOf = (r: LightMyRequestResponse): any => {
  try {
    return r.json();
  } catch {
    return undefined;
  }
};

describe.each(engines)('scoped access matrix on %s', (engine, url) => {
  let t: TestApp;
  const f = { inside: [] as number[], outside: [] as number[], missing: 987_654, roleId: {}, userId: {}, password: {} } as Fixture;
  const tokens = {} as Record<Who, string>;

  const send = (token: string, method: 'GET' | 'POST', u: string, body?: unknown) =>
    t.app.inject({ method, url: u, headers: { authorization: token }, ...(method === 'POST' ? { payload: (body ?? {}) as object } : {}) });
  const saved = async (flag: string, params: Record<string, unknown>) => {
    const r = await t.post('/api/action/save/', { _flag: flag, params });
    expect(r.statusCode, r.body).toBe(200);
    return Number(r.json().data.id);
  };
  const questionsOf = (subject: number) =>
    t.ctx.conn.db
      .selectFrom('questionBank')
      .select(['id', 'name', 'parentId', 'typeId', 'isdelete', 'subject'])
      .where('parentId', '=', subject)
      .orderBy('id')
      .execute();
  const insideNow = async () => (await questionsOf(f.subjectA)).filter((r) => Number(r.isdelete) === 0).length;

  beforeAll(async () => {
    t = await startTestApp(engine, url);
    f.subjectA = await saved('questionsClass', { name: '申论', isUp: 1 });
    f.subjectB = await saved('questionsClass', { name: '行测', isUp: 1 });
    f.categoryA = await saved('questionsSmallClass', { name: '申论分类', subjectId: f.subjectA, isUp: 1 });
    f.categoryB = await saved('questionsSmallClass', { name: '行测分类', subjectId: f.subjectB, isUp: 1 });
    for (let i = 0; i < 2; i++)
      f.inside.push(await saved('questionBank', { parentId: f.subjectA, typeId: f.categoryA, name: `里面的题 ${i}`, correctOptions: 'A' }));
    for (const name of ['OUTMARK-ZQX-0 外面的题', 'OUTMARK-ZQX-1 外面的题', 'PROBE 外面的题干'])
      f.outside.push(await saved('questionBank', { parentId: f.subjectB, typeId: f.categoryB, name, correctOptions: 'B', subject: 'OUTMARK 解析' }));
    // an inside question whose answer text is the outside question's id (an export may take it for a reference)
    await saved('questionBank', { id: f.inside[1], correctOptions: String(f.outside[0]) });
    // the outside question's history: written twice by the administrator
    await saved('questionBank', { id: f.outside[0], name: 'OUTMARK-ZQX-0 外面的题 改过' });
    const revisions = (await t.get(`/api/history/?_flag=questionBank&id=${f.outside[0]}`)).json().data.revisions as { id: number }[];
    f.outsideRevision = Number(revisions.at(-1)!.id);
    f.deletedOutside = await saved('questionBank', { parentId: f.subjectB, typeId: f.categoryB, name: 'OUTMARK-ZQX-DEL 外面的题', correctOptions: 'C' });
    expect((await t.post('/api/action/delete/', { _flag: 'questionBank', id: f.deletedOutside })).statusCode).toBe(200);
    // the member: its phone, then another (a revision with the first)
    f.member = await saved('sys_member', { name: '会员甲', phone: PHONE, gender: 1 });
    await saved('sys_member', { id: f.member, phone: PHONE_NOW });
    f.deletedMember = await saved('sys_member', { name: '会员丁', phone: '13912340005', gender: 2 });
    expect((await t.post('/api/action/delete/', { _flag: 'sys_member', id: f.deletedMember })).statusCode).toBe(200);
    const memberRevisions = (await t.get(`/api/history/?_flag=sys_member&id=${f.member}`)).json().data.revisions as { id: number }[];
    f.memberRevision = Number(memberRevisions.at(-1)!.id);

    const menuId = async (u: string) => Number((await t.ctx.conn.db.selectFrom('sys_menu').select('id').where('url', '=', u).executeTakeFirstOrThrow()).id);
    f.questionMenu = await menuId('/manage/questionBank');
    f.memberMenu = await menuId('/manage/member');
    const homeMenu = await menuId('/manage/home');
    const all = (u: string) => offeredActions(pageDeclaration(u, t.ctx.registry));
    const grants: Record<Who, object> = {
      editor: { menuId: f.questionMenu, actions: all('/manage/questionBank'), rowFilter: { parentId: f.subjectA } },
      assistant: { menuId: f.memberMenu, actions: all('/manage/member'), fieldRules: { hidden: ['phone'], readOnly: ['gender'] } },
    };
    for (const who of ['editor', 'assistant'] as const) {
      f.roleId[who] = await saved('sys_role', { name: `s-${who}`, department: 'test' });
      const r = await t.post('/api/access/role/', { roleId: f.roleId[who], grants: [{ menuId: homeMenu, actions: ['view'] }, grants[who]] });
      expect(r.statusCode, r.body).toBe(200);
      const user = await t.post('/api/user/save/', { params: { loginid: who, name: who } });
      f.userId[who] = Number(user.json().data.id);
      f.password[who] = user.json().data.password as string;
      expect((await t.post('/api/user/roles/', { id: f.userId[who], roleIds: [f.roleId[who]] })).statusCode).toBe(200);
      tokens[who] = (await t.login(who, f.password[who])).json().token;
    }
    f.questionFile = await upload(t, 'q.xlsx', bookBytes([QUESTION_HEADER, q('PROBE 外面的题干', ['甲', '乙'], 'A')]));
    f.categoryFile = await upload(t, 'c.xlsx', bookBytes([CATEGORY_HEADER, ['外面的新分类', '', '1', '是']], 'xlsx', '分类'));
    f.memberFile = await upload(
      t,
      'm.xlsx',
      bookBytes(
        [
          ['ID', '昵称', '手机号', '性别'],
          [String(f.member), '会员乙', '13900000009', '女'],
        ],
        'xlsx',
        '会员',
      ),
    );
  }, 120_000);
  afterAll(async () => t?.close());

  /** A refusal as the caller reads it, with the names that differ between a call and its twin taken out. */
  const refusal = (r: LightMyRequestResponse, names: string[]) => {
    const json = jsonOf(r);
    let message = String(json?.message ?? r.body);
    for (const n of names) message = message.split(n).join('∅');
    return { status: r.statusCode, code: json?.code, message, data: json?.data === undefined ? undefined : '(data)' };
  };

  async function walk(who: Who): Promise<string[]> {
    // a call whose declaration says who may make it is probed by its bare call, unless its probes are written
    const declared = declaredCalls(who);
    const written = callsOf(f, who);
    const problems = declared.problems.filter((p) => !written[p.slice(0, p.indexOf(':')) as EndpointName]);
    const calls: Partial<Record<EndpointName, Call[]>> = { ...declared.calls, ...written };
    const names = Object.keys(endpoints) as EndpointName[];
    // every route of the contracts is walked (the type of the written calls says so; this says it at run time too)
    expect(names.filter((n) => !calls[n]?.length)).toEqual([]);
    for (const name of names) {
      for (const call of calls[name] as Call[]) {
        // the administrator's same read first: nothing it leaves behind (the count cache, sorted keys) may serve the role
        const administrators = call.method === 'GET' && !call.ownSession ? await send(t.token, call.method, call.url) : undefined;
        if (call.bites && !MARKERS[who].some((m) => textOf(administrators!).includes(m))) problems.push(`${who} ${name} ${call.url}: the probe sees no marker`);
        const token = call.ownSession ? (await t.login(who, f.password[who])).json().token : tokens[who];
        const r = await send(token, call.method, call.url, call.body);
        const at = `${who} ${name} ${call.method} ${call.url} ${call.body ? JSON.stringify(call.body) : ''}`;
        if (r.statusCode >= 500) problems.push(`${at}: ${r.statusCode} ${r.body.slice(0, 200)}`);
        if (process.env.MATRIX_TRACE) fs.appendFileSync(process.env.MATRIX_TRACE, `${r.statusCode} ${at.slice(0, 200)}\n`);
        const text = textOf(r);
        for (const marker of MARKERS[who]) if (text.includes(marker)) problems.push(`${at}: answers ${marker}: ${text.slice(0, 300)}`);
        const problem = call.check?.(r.statusCode, jsonOf(r), { inside: await insideNow() });
        if (problem) problems.push(`${at}: ${problem}`);
        if (call.twin) {
          const other = await send(token, call.method, call.twin.url, call.twin.body);
          const differ = [String(f.outside[0]), String(f.deletedOutside), String(f.missing), 'phone', 'nocolumn', PHONE];
          const a = refusal(r, differ);
          const b = refusal(other, differ);
          if (JSON.stringify(a) !== JSON.stringify(b)) problems.push(`${at}: answers otherwise than for nothing: ${JSON.stringify(a)} / ${JSON.stringify(b)}`);
        }
      }
    }
    return problems;
  }

  it('the 申论 editor (a row filter) sees, counts, finds, exports and writes nothing of subject B on any route', async () => {
    const before = await questionsOf(f.subjectB);
    const problems = await walk('editor');
    expect(problems).toEqual([]);
    // nothing of subject B written: its questions as they were, none added
    expect(await questionsOf(f.subjectB)).toEqual(before);
  }, 60_000);

  it('the assistant (phone hidden, gender read-only) reads and writes neither on any route', async () => {
    const problems = await walk('assistant');
    expect(problems).toEqual([]);
    const member = await t.ctx.conn.db.selectFrom('sys_member').selectAll().where('id', '=', f.member).executeTakeFirstOrThrow();
    expect(member).toMatchObject({ phone: PHONE_NOW, gender: 1 });
  }, 60_000);
});
