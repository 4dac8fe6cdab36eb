import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, startTestApp, type TestApp } from './helpers.ts';
import { QUESTION_HEADER, bookBytes, gbk, q, readRows, sheetNames, upload } from './import-fixtures.ts';

describe.each(engines)('question import and export on %s', (engine, url) => {
  let t: TestApp;
  let subjectId: number;
  const db = () => t.ctx.conn.db;

  /** A new category of the test subject, through selectAddTypes. */
  const newCategory = async (name: string): Promise<number> => {
    const r = await t.post('/api/coustomApi/selectAddTypes/', { parentId: subjectId, fileName: name });
    expect(r.statusCode).toBe(200);
    return r.json().data[0].id;
  };
  const questionsOf = async (typeId: number) =>
    (await db().selectFrom('questionBank').selectAll().where('typeId', '=', typeId).where('isdelete', '=', 0).orderBy('id').execute()).map((r) => ({
      parentId: Number(r.parentId),
      name: r.name,
      options: JSON.parse(r.options as string),
      correctOptions: r.correctOptions,
      subject: r.subject,
    }));
  const countAll = async () =>
    Number(
      (
        await db()
          .selectFrom('questionBank')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const importFile = async (fileName: string, content: Buffer, typeId: number, headers: Record<string, string> = {}) => {
    const fileUrl = await upload(t, fileName, content);
    return t.post('/api/action/import/', { fileUrl, parentId: subjectId, typeId, tableName: 'questionBank' }, headers);
  };

  beforeAll(async () => {
    t = await startTestApp(engine, url);
    const s = await t.post('/api/action/save/', { _flag: 'questionsClass', params: { name: '导入测试科目', isUp: 1 } });
    subjectId = s.json().data.id;
  });
  afterAll(async () => t?.close());

  const rows = [
    q('驾驶机动车遇到红灯时应当怎样做？', ['停车等待', '加速通过', '鸣笛通过'], 'A', '红灯禁止通行。', '单选'),
    q('下列哪些是交通信号灯的颜色？', ['红色', '紫色', '黄色', '绿色'], 'ACD', '', '多选'),
    q('绿灯亮时，准许车辆通行。', ['正确', '错误'], 'A', '', '判断'),
    q('黄灯亮时，已越过停止线的车辆可以继续通行。', [], '正确', '', '判断'),
    q('  题干前后的空格会去掉  ', ['0123', '1.5'], ' b ', '  '),
    q('判断题的答案可以写 F。', ['正确', '错误'], 'F'),
  ];
  const expected = [
    { name: '驾驶机动车遇到红灯时应当怎样做？', options: ['停车等待', '加速通过', '鸣笛通过'], correctOptions: 'A', subject: '红灯禁止通行。' },
    { name: '下列哪些是交通信号灯的颜色？', options: ['红色', '紫色', '黄色', '绿色'], correctOptions: 'ACD', subject: null },
    { name: '绿灯亮时，准许车辆通行。', options: ['正确', '错误'], correctOptions: 'A', subject: null },
    { name: '黄灯亮时，已越过停止线的车辆可以继续通行。', options: ['正确', '错误'], correctOptions: 'A', subject: null },
    { name: '题干前后的空格会去掉', options: ['0123', '1.5'], correctOptions: 'B', subject: null },
    { name: '判断题的答案可以写 F。', options: ['正确', '错误'], correctOptions: 'B', subject: null },
  ];

  it.each([
    ['xls', 'biff8'],
    ['xlsx', 'xlsx'],
    ['csv', 'csv'],
  ] as const)('imports a .%s file into the category and answers the counts', async (ext, bookType) => {
    const typeId = await newCategory(`格式 ${ext}`);
    const r = await importFile(`题库.${ext}`, bookBytes([QUESTION_HEADER, ...rows], bookType), typeId);
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ status: 200, success: true, data: { rows: 6, inserted: 6, skipped: 0, rejected: 0, problems: [] } });
    expect(r.json().message).toContain('导入成功');
    expect(await questionsOf(typeId)).toEqual(expected.map((e) => ({ parentId: subjectId, ...e })));
    // the list total is exact right away (the count cache was told)
    expect((await t.select('questionBank', { wheres: { typeId } })).body.total).toBe(6);
  });

  it('writes a file of several insert batches, the last one partial', async () => {
    const typeId = await newCategory('多批');
    const many = Array.from({ length: 2345 }, (_, i) => q(`批量第 ${i} 题`, ['甲', '乙', '丙'], i % 2 ? 'B' : 'AC', i % 3 ? `解析 ${i}` : ''));
    const r = await importFile('many.xlsx', bookBytes([QUESTION_HEADER, ...many]), typeId);
    expect(r.json().data).toMatchObject({ rows: 2345, inserted: 2345, skipped: 0 });
    const stored = await questionsOf(typeId);
    expect(stored).toHaveLength(2345);
    for (const i of [0, 999, 1000, 1999, 2000, 2344]) {
      expect(stored[i]).toEqual({
        parentId: subjectId,
        name: `批量第 ${i} 题`,
        options: ['甲', '乙', '丙'],
        correctOptions: i % 2 ? 'B' : 'AC',
        subject: i % 3 ? `解析 ${i}` : null,
      });
    }
  });

  it('reads a CSV with a UTF-8 BOM and finds the header under a title row', async () => {
    const typeId = await newCategory('带标题');
    const csv = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), bookBytes([['2024 年题库'], [], QUESTION_HEADER, rows[0]!], 'csv')]);
    const r = await importFile('标题.csv', csv, typeId);
    expect(r.json().data).toMatchObject({ inserted: 1 });
    expect((await questionsOf(typeId))[0]!.name).toBe(expected[0]!.name);
  });

  it('reads a CSV saved in GBK by a Chinese Excel', async () => {
    const typeId = await newCategory('GBK');
    const csv = gbk(`${QUESTION_HEADER.join(',')}\n${rows[0]!.join(',')}\n${rows[1]!.join(',')}\n`);
    expect(csv.includes(Buffer.from('题干'))).toBe(false);
    const r = await importFile('gbk.csv', csv, typeId);
    expect(r.json().data).toMatchObject({ inserted: 2 });
    expect((await questionsOf(typeId)).map((x) => [x.name, x.options])).toEqual([
      [expected[0]!.name, expected[0]!.options],
      [expected[1]!.name, expected[1]!.options],
    ]);
  });

  it('skips questions already in the category, so that re-running an import never doubles the bank', async () => {
    const typeId = await newCategory('重复导入');
    const content = bookBytes([QUESTION_HEADER, ...rows], 'xlsx');
    expect((await importFile('a.xlsx', content, typeId)).json().data).toMatchObject({ inserted: 6, skipped: 0 });
    const before = await countAll();
    const again = await importFile('a.xlsx', content, typeId);
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toMatchObject({ inserted: 0, skipped: 6 });
    expect(await countAll()).toBe(before);
    // the same stem twice in one file is one question; other categories are not looked at
    const other = await newCategory('另一分类');
    const twice = await importFile('b.xlsx', bookBytes([QUESTION_HEADER, rows[0]!, rows[1]!, rows[0]!]), other);
    expect(twice.json().data).toMatchObject({ inserted: 2, skipped: 1 });
    expect((await questionsOf(other)).length).toBe(2);
  });

  it('writes nothing from a file with an invalid row and lists the problems by sheet row', async () => {
    const typeId = await newCategory('有错误');
    const before = await countAll();
    const bad = [
      QUESTION_HEADER,
      rows[0]!, // row 2 is fine
      q('', ['a', 'b'], 'A'), // 3: no stem
      q('只有一个选项', ['a'], 'A'), // 4
      q('选项不连续', ['a', '', 'c'], 'A'), // 5
      q('答案没有对应选项', ['a', 'b', 'c'], 'D'), // 6
      q('答案字母重复', ['a', 'b', 'c'], 'AA'), // 7
      q('答案不是字母', ['a', 'b'], '1'), // 8
      q('单选多个答案', ['a', 'b', 'c'], 'AC', '', '单选'), // 9
      q('多选一个答案', ['a', 'b', 'c'], 'A', '', '多选'), // 10
      q('没有答案', ['a', 'b'], ''), // 11
      q('题型不对', ['a', 'b'], 'A', '', '填空'), // 12
      q('判断题选项不对', ['对', '错'], 'A', '', '判断'), // 13
    ];
    const r = await importFile('bad.xlsx', bookBytes(bad), typeId);
    expect(r.statusCode).toBe(400);
    const body = r.json();
    expect(body).toMatchObject({ status: false, success: false, code: 'IMPORT_ROWS_INVALID', data: { inserted: 0, skipped: 0, rejected: 11, rows: 12 } });
    expect(body.message).toMatch(/^有 11 行数据不正确，文件未导入：第 3 行：缺少题干；第 4 行：至少需要两个选项/);
    expect(body.message).toContain('第 3 行：缺少题干');
    const byRow = new Map<number, string[]>();
    for (const p of body.data.problems) byRow.set(p.row, [...(byRow.get(p.row) ?? []), `${p.column}:${p.message}`]);
    expect([...byRow.keys()]).toEqual([3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]);
    expect(byRow.get(3)).toEqual(['题干:缺少题干']);
    expect(byRow.get(4)).toEqual(['选项A:至少需要两个选项']);
    expect(byRow.get(5)).toEqual(['选项B:选项B为空，但后面的选项有内容']);
    expect(byRow.get(6)).toEqual(['正确答案:正确答案 D 没有对应的选项']);
    expect(byRow.get(7)![0]).toContain('重复');
    expect(byRow.get(8)![0]).toContain('应为选项字母');
    expect(byRow.get(9)![0]).toContain('只能有一个正确答案');
    expect(byRow.get(10)![0]).toContain('至少需要两个正确答案');
    expect(byRow.get(11)).toEqual(['正确答案:缺少正确答案']);
    expect(byRow.get(12)![0]).toContain('题型');
    expect(byRow.get(13)![0]).toContain('判断题');
    expect(await countAll()).toBe(before);
    expect(await questionsOf(typeId)).toEqual([]);
  });

  it('lists the first 100 problems and counts every rejected row; English on request', async () => {
    const typeId = await newCategory('很多错误');
    const bad = [QUESTION_HEADER, ...Array.from({ length: 150 }, (_, i) => q(`第${i}题`, ['a', 'b'], 'Z'))];
    const r = await importFile('many.xlsx', bookBytes(bad), typeId, { 'accept-language': 'en-US,en;q=0.9' });
    expect(r.statusCode).toBe(400);
    expect(r.json().data.rejected).toBe(150);
    expect(r.json().data.problems).toHaveLength(100);
    expect(r.json().data.problems[99].row).toBe(101);
    expect(r.json().message).toMatch(/^150 rows are invalid, nothing was imported: row 2: the correct answer Z names no option/);
  });

  it('refuses a fileUrl that is not a spreadsheet this server stored, and writes nothing', async () => {
    const typeId = await newCategory('地址检查');
    const before = await countAll();
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
    const image = await upload(t, 'a.png', png);
    const cases: [unknown, number, string][] = [
      [undefined, 400, '请上传模板文件'],
      ['http://evil.example/api/file/202401/0123456789abcdef0123456789abcdef.xlsx', 400, '只能导入本系统上传的文件'],
      ['/api/file/../../app.sqlite', 400, '只能导入本系统上传的文件'],
      ['/etc/passwd', 400, '只能导入本系统上传的文件'],
      [{ path: '/etc/passwd' }, 400, '只能导入本系统上传的文件'],
      [image, 400, '请上传 xls、xlsx 或 csv 文件'],
      ['/api/file/202401/0123456789abcdef0123456789abcdef.xlsx', 404, '文件不存在'],
    ];
    for (const [fileUrl, status, message] of cases) {
      const r = await t.post('/api/action/import/', { fileUrl, parentId: subjectId, typeId, tableName: 'questionBank' });
      expect(r.statusCode, String(fileUrl)).toBe(status);
      expect(r.json()).toMatchObject({ status: false, success: false });
      expect(r.json().message).toContain(message);
    }
    expect(await countAll()).toBe(before);
  });

  it('needs a subject and a category of that subject', async () => {
    const typeId = await newCategory('参数检查');
    const fileUrl = await upload(t, 'ok.xlsx', bookBytes([QUESTION_HEADER, rows[0]!]));
    const seeded = await db().selectFrom('questionsSmallClass').select(['id', 'subjectId']).where('subjectId', '<>', subjectId).executeTakeFirstOrThrow();
    const cases: [Record<string, unknown>, number, string][] = [
      [{ fileUrl, typeId }, 400, '请选择题目科目'],
      [{ fileUrl, parentId: subjectId }, 400, '请选择题目分类'],
      [{ fileUrl, parentId: 999999, typeId }, 404, '题目科目不存在'],
      [{ fileUrl, parentId: subjectId, typeId: 999999 }, 404, '题目分类不存在'],
      [{ fileUrl, parentId: subjectId, typeId: seeded.id }, 400, '不属于科目'],
      [{ fileUrl, parentId: subjectId, typeId, tableName: 'sys_user' }, 400, 'tableName'],
      [{ fileUrl, parentId: 'abc', typeId }, 400, 'parentId'],
    ];
    for (const [body, status, message] of cases) {
      const r = await t.post('/api/action/import/', body);
      expect(r.statusCode, JSON.stringify(body)).toBe(status);
      expect(r.json().message).toContain(message);
    }
    // a cascader path is accepted for both ids
    const ok = await t.post('/api/action/import/', { fileUrl, parentId: JSON.stringify([subjectId]), typeId: [typeId] });
    expect(ok.json().data).toMatchObject({ inserted: 1 });
  });

  it('refuses a file without the header or without rows', async () => {
    const typeId = await newCategory('表头检查');
    const noHeader = await importFile(
      'x.xlsx',
      bookBytes([
        ['名称', '答案'],
        ['a', 'A'],
      ]),
      typeId,
    );
    expect(noHeader.statusCode).toBe(400);
    expect(noHeader.json().message).toContain('题干、正确答案');
    const twice = await importFile('y.xlsx', bookBytes([[...QUESTION_HEADER, '题目'], rows[0]!]), typeId);
    expect(twice.json().message).toContain('“题干”列重复');
    const empty = await importFile('z.xlsx', bookBytes([QUESTION_HEADER]), typeId);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('文件中没有数据');
  });

  it('serves templates that parse back: the notes sheet examples import as they are', async () => {
    for (const format of ['xlsx', 'xls'] as const) {
      const r = await t.get(`/api/import/template/?kind=question&format=${format}`);
      expect(r.statusCode).toBe(200);
      expect(r.headers['content-type']).toBe(
        format === 'xls' ? 'application/vnd.ms-excel' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      );
      expect(r.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('题目导入模板')}.${format}`);
      const bytes = r.rawPayload;
      expect(sheetNames(bytes)).toEqual(['题目', '填写说明']);
      expect(readRows(bytes)).toEqual([QUESTION_HEADER]);
      const notes = readRows(bytes, 1);
      const headerAt = notes.findIndex((row) => row[1] === '题干');
      const examples = notes.slice(headerAt + 1);
      expect(examples).toHaveLength(3);
      const typeId = await newCategory(`模板 ${format}`);
      const imported = await importFile(`模板.${format}`, bookBytes([readRows(bytes)[0]!, ...examples], format === 'xls' ? 'biff8' : 'xlsx'), typeId);
      expect(imported.json().data).toMatchObject({ inserted: 3, rejected: 0 });
    }
    const category = await t.get('/api/import/template/?kind=category&format=xls');
    expect(readRows(category.rawPayload)).toEqual([['分类名称', '上级分类', '排序', '是否上架']]);
    const bad = await t.get('/api/import/template/?kind=member');
    expect(bad.statusCode).toBe(400);
  });

  it('exports a category in the template layout, and importing the export elsewhere gives identical questions', async () => {
    const from = await newCategory('导出来源');
    await importFile('src.xlsx', bookBytes([QUESTION_HEADER, ...rows]), from);
    // a question saved through the form, with a stem that looks like a formula
    await t.post('/api/action/save/', {
      _flag: 'questionBank',
      params: {
        parentId: subjectId,
        typeId: from,
        name: '=1+1 等于几？',
        options: JSON.stringify(['2', '11', 'TRUE']),
        correctOptions: 'A',
        subject: '多行\n解析',
      },
    });
    const r = await t.get(`/api/export/questions/?parentId=${subjectId}&typeId=${from}`);
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(r.headers['content-disposition']).toContain(encodeURIComponent('导出来源-题目'));
    const exported = readRows(r.rawPayload);
    expect(exported[0]).toEqual(QUESTION_HEADER);
    expect(exported.map((row) => row[0])).toEqual(['题型', '单选', '多选', '判断', '判断', '单选', '判断', '单选']);

    const to = await newCategory('导入目标');
    const back = await importFile('export.xlsx', r.rawPayload, to);
    expect(back.json().data).toMatchObject({ inserted: 7, skipped: 0, rejected: 0 });
    const strip = (list: Awaited<ReturnType<typeof questionsOf>>) => list.map((x) => ({ ...x }));
    expect(strip(await questionsOf(to))).toEqual(strip(await questionsOf(from)));

    const bySubject = await t.get(`/api/export/questions/?parentId=${subjectId}`);
    expect(readRows(bySubject.rawPayload).length).toBeGreaterThan(12);
    const none = await t.get('/api/export/questions/');
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('请选择题目科目或分类');
  });
});
