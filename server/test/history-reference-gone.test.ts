import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, startTestApp, type TestApp } from './helpers.ts';

/**
 * Issue 31 #5: a revision naming a row deleted since is not offered for restore (restorable false, the restore's own
 * refusal), and the reason is in the page's words: the column's title and the row's label, in the caller's language.
 */
describe.each(engines)('a revision whose reference is deleted on %s', (engine, url) => {
  let t: TestApp;
  let subject = 0;

  const save = async (flag: string, params: Record<string, unknown>) => {
    const r = await t.post('/api/action/save/', { _flag: flag, params });
    expect(r.statusCode, r.body).toBe(200);
    return r.json().data.id as number;
  };
  const historyOf = async (id: number, lang = 'zh-CN') => {
    const r = await t.get(`/api/history/?_flag=questionBank&id=${id}`, { 'accept-language': lang });
    expect(r.statusCode, r.body).toBe(200);
    return r.json().data as {
      revisions: { id: number; restorable: boolean; refusal?: { code: string; message: string } }[];
      fields: Record<string, { labels?: Record<string, string>; deleted?: string[] }>;
    };
  };

  beforeAll(async () => {
    t = await startTestApp(engine, url);
    subject = await save('questionsClass', { name: '科目一' });
  });
  afterAll(async () => t?.close());

  it('answers restorable false with 题目分类“临时分类”已删除, marks the row deleted, and the restore refuses with the same words', async () => {
    const temporary = await save('questionsSmallClass', { name: '临时分类', subjectId: subject, parentId: 0 });
    const kept = await save('questionsSmallClass', { name: '第一章', subjectId: subject, parentId: 0 });
    const id = await save('questionBank', { parentId: subject, typeId: temporary, name: '题干', options: '["甲","乙"]', correctOptions: 'A' });
    await save('questionBank', { id, typeId: kept });

    const before = await historyOf(id);
    expect(before.revisions[1]).toMatchObject({ restorable: true });
    expect(before.fields.typeId!.deleted).toBeUndefined();

    expect((await t.post('/api/action/delete/', { _flag: 'questionsSmallClass', id: temporary })).statusCode).toBe(200);
    const h = await historyOf(id);
    expect(h.revisions[1]).toMatchObject({
      restorable: false,
      refusal: { code: 'RESTORE_REFERENCE_GONE', message: '无法恢复：题目分类“临时分类”已删除' },
    });
    expect(h.fields.typeId).toMatchObject({ labels: { [String(temporary)]: '临时分类', [String(kept)]: '第一章' }, deleted: [String(temporary)] });
    const en = await historyOf(id, 'en-US');
    expect(en.revisions[1]!.refusal!.message).toBe('Cannot restore: Category "临时分类" was deleted');

    const refused = await t.post('/api/history/restore/', { _flag: 'questionBank', id, revision: h.revisions[1]!.id });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'RESTORE_REFERENCE_GONE', message: '无法恢复：题目分类“临时分类”已删除' });
  });

  it('names a row gone for good by its key', async () => {
    const temporary = await save('questionsSmallClass', { name: '将被清除', subjectId: subject, parentId: 0 });
    const kept = await save('questionsSmallClass', { name: '第二章', subjectId: subject, parentId: 0 });
    const id = await save('questionBank', { parentId: subject, typeId: temporary, name: '题干二', options: '["甲","乙"]', correctOptions: 'A' });
    await save('questionBank', { id, typeId: kept });
    await t.ctx.conn.db.deleteFrom('questionsSmallClass').where('id', '=', temporary).execute();
    const h = await historyOf(id);
    expect(h.revisions[1]).toMatchObject({ restorable: false, refusal: { message: `无法恢复：题目分类“#${temporary}”已删除` } });
    expect(h.fields.typeId!.deleted).toEqual([String(temporary)]);
  });
});
