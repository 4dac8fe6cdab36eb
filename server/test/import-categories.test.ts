import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, startTestApp, type TestApp } from './helpers.ts';
import { CATEGORY_HEADER, bookBytes, upload } from './import-fixtures.ts';

describe.each(engines)('category names and category import on %s', (engine, url) => {
  let t: TestApp;
  const db = () => t.ctx.conn.db;
  const newSubject = async (name: string): Promise<number> => (await t.post('/api/action/save/', { _flag: 'questionsClass', params: { name } })).json().data.id;
  const categoriesOf = async (subjectId: number) =>
    (await db().selectFrom('questionsSmallClass').selectAll().where('subjectId', '=', subjectId).where('isdelete', '=', 0).orderBy('id').execute()).map(
      (r) => ({
        id: Number(r.id),
        name: r.name,
        parentId: Number(r.parentId),
        sortNum: Number(r.sortNum),
        isUp: Number(r.isUp),
      }),
    );

  beforeAll(async () => {
    t = await startTestApp(engine, url);
  });
  afterAll(async () => t?.close());

  describe('selectAddTypes', () => {
    it('creates the missing categories under the subject and answers every name in the order given', async () => {
      const subjectId = await newSubject('分类科目');
      const first = await t.post('/api/coustomApi/selectAddTypes/', { parentId: subjectId, typeId: '', fileName: '科目一.xls,科目四.xlsx' });
      expect(first.statusCode).toBe(200);
      const [one, four] = first.json().data;
      expect(first.json().data).toEqual([
        { id: one.id, name: '科目一', created: true },
        { id: four.id, name: '科目四', created: true },
      ]);
      const again = await t.post('/api/coustomApi/selectAddTypes/', { parentId: subjectId, fileName: '科目四, 科目二 ,科目一' });
      expect(again.json().data.map((d: { id: number; name: string }) => [d.id, d.name])).toEqual([
        [four.id, '科目四'],
        [again.json().data[1].id, '科目二'],
        [one.id, '科目一'],
      ]);
      const stored = await categoriesOf(subjectId);
      expect(stored.map((c) => [c.name, c.parentId, c.isUp])).toEqual([
        ['科目一', 0, 1],
        ['科目四', 0, 1],
        ['科目二', 0, 1],
      ]);
      expect((await t.select('questionsSmallClass', { wheres: { subjectId } })).body.total).toBe(3);
    });

    it('creates them below the chosen category (typeId); a file named like that category means the category itself', async () => {
      const subjectId = await newSubject('上级科目');
      const parent = (await t.post('/api/coustomApi/selectAddTypes/', { parentId: subjectId, fileName: '交通信号' })).json().data[0].id;
      const r = await t.post('/api/coustomApi/selectAddTypes/', { parentId: [subjectId], typeId: String(parent), fileName: ['信号灯.xls', '交通信号.xls'] });
      expect(r.json().data).toEqual([
        { id: expect.any(Number), name: '信号灯', created: true },
        { id: parent, name: '交通信号', created: false },
      ]);
      const child = (await categoriesOf(subjectId)).find((c) => c.name === '信号灯')!;
      expect(child.parentId).toBe(parent);
      // the same name at the top level is another category
      const top = await t.post('/api/coustomApi/selectAddTypes/', { parentId: subjectId, fileName: '信号灯' });
      expect(top.json().data[0]).toMatchObject({ name: '信号灯', created: true });
      expect(top.json().data[0].id).not.toBe(child.id);
    });

    it('refuses bad input and creates nothing', async () => {
      const subjectId = await newSubject('参数科目');
      const other = await newSubject('别的科目');
      const foreign = (await t.post('/api/coustomApi/selectAddTypes/', { parentId: other, fileName: '别处' })).json().data[0].id;
      const cases: [Record<string, unknown>, number, string][] = [
        [{ fileName: 'a' }, 400, '请选择题目科目'],
        [{ parentId: subjectId }, 400, '请上传模板文件'],
        [{ parentId: subjectId, fileName: ' , .xls' }, 400, '请上传模板文件'],
        [{ parentId: 999999, fileName: 'a' }, 404, '题目科目不存在'],
        [{ parentId: subjectId, typeId: foreign, fileName: 'a' }, 400, '不属于科目'],
        [{ parentId: subjectId, fileName: `${'长'.repeat(101)}.xls` }, 400, '过长'],
        // the second name is too long: the first is not created either
        [{ parentId: subjectId, fileName: `好名字,${'长'.repeat(101)}` }, 400, '过长'],
      ];
      for (const [body, status, message] of cases) {
        const r = await t.post('/api/coustomApi/selectAddTypes/', body);
        expect(r.statusCode, JSON.stringify(body)).toBe(status);
        expect(r.json().message).toContain(message);
      }
      expect(await categoriesOf(subjectId)).toEqual([]);
    });
  });

  describe('typesImport', () => {
    const importFile = async (subjectId: number, rows: string[][], bookType: 'xlsx' | 'biff8' | 'csv' = 'biff8') => {
      const fileUrl = await upload(t, `分类.${bookType === 'biff8' ? 'xls' : bookType}`, bookBytes(rows, bookType, '分类'));
      return t.post('/api/coustomApi/typesImport/', { fileUrl, subjectId, tableName: 'questionsSmallClass' });
    };

    it('creates the categories of a file, parents before children, and skips them on a second run', async () => {
      const subjectId = await newSubject('导入分类科目');
      const existing = (await t.post('/api/coustomApi/selectAddTypes/', { parentId: subjectId, fileName: '已有分类' })).json().data[0].id;
      const rows = [
        CATEGORY_HEADER,
        ['信号灯', '交通信号', '2', ''], // the parent comes later in the file
        ['交通信号', '', '1', '是'],
        ['标志', '已有分类', '', '否'], // the parent already exists
        ['已有分类', '', '', ''], // exists: skipped
        ['交通信号', '', '1', '是'], // twice in the file: skipped
      ];
      const r = await importFile(subjectId, rows);
      expect(r.statusCode).toBe(200);
      expect(r.json().data).toEqual({ rows: 5, inserted: 3, skipped: 2, rejected: 0, problems: [] });
      const stored = await categoriesOf(subjectId);
      const id = (name: string) => stored.find((c) => c.name === name)!.id;
      expect(stored.map(({ name, parentId, sortNum, isUp }) => ({ name, parentId, sortNum, isUp }))).toEqual([
        { name: '已有分类', parentId: 0, sortNum: 0, isUp: 1 },
        { name: '交通信号', parentId: 0, sortNum: 1, isUp: 1 },
        { name: '信号灯', parentId: id('交通信号'), sortNum: 2, isUp: 1 },
        { name: '标志', parentId: existing, sortNum: 0, isUp: 0 },
      ]);
      const again = await importFile(subjectId, rows, 'xlsx');
      expect(again.json().data).toMatchObject({ inserted: 0, skipped: 5 });
      expect(await categoriesOf(subjectId)).toHaveLength(4);
    });

    it('writes nothing from a file with an invalid row and lists the problems by row', async () => {
      const subjectId = await newSubject('错误分类科目');
      const rows = [
        CATEGORY_HEADER,
        ['好分类', '', '1', '是'],
        ['', '', '1', ''], // 3: no name
        ['排序错', '', '第一', ''], // 4
        ['上架错', '', '', '也许'], // 5
        ['没有上级', '不存在的分类', '', ''], // 6
        ['甲', '乙', '', ''], // 7: a cycle
        ['乙', '甲', '', ''], // 8
      ];
      const r = await importFile(subjectId, rows, 'csv');
      expect(r.statusCode).toBe(400);
      const body = r.json();
      expect(body.data).toMatchObject({ inserted: 0, rejected: 3 });
      expect(body.data.problems.map((p: { row: number; column: string }) => [p.row, p.column])).toEqual([
        [3, '分类名称'],
        [4, '排序'],
        [5, '是否上架'],
      ]);
      expect(body.message).toContain('第 3 行：缺少分类名称');
      expect(await categoriesOf(subjectId)).toEqual([]);

      // once every row is well-formed, the parents are checked
      const r2 = await importFile(subjectId, [CATEGORY_HEADER, ['好分类', '', '1', '是'], ...rows.slice(5)]);
      expect(r2.statusCode).toBe(400);
      expect(r2.json().data.problems.map((p: { row: number; message: string }) => [p.row, p.message])).toEqual([
        [3, '上级分类“不存在的分类”不存在'],
        [4, '上级分类“乙”形成循环'],
        [5, '上级分类“甲”形成循环'],
      ]);
      expect(await categoriesOf(subjectId)).toEqual([]);
    });

    it('needs a subject and a stored file', async () => {
      const fileUrl = await upload(t, 'c.xls', bookBytes([CATEGORY_HEADER, ['一', '', '', '']], 'biff8'));
      const cases: [Record<string, unknown>, number, string][] = [
        [{ fileUrl }, 400, '请选择科目'],
        [{ fileUrl, subjectId: 999999 }, 404, '题目科目不存在'],
        [{ subjectId: 1 }, 400, '请上传模板文件'],
        [{ fileUrl: 'https://example.com/c.xls', subjectId: 1 }, 400, '只能导入本系统上传的文件'],
        [{ fileUrl, subjectId: 1, tableName: 'questionBank' }, 400, 'tableName'],
      ];
      for (const [body, status, message] of cases) {
        const r = await t.post('/api/coustomApi/typesImport/', body);
        expect(r.statusCode, JSON.stringify(body)).toBe(status);
        expect(r.json().message).toContain(message);
      }
    });
  });
});
