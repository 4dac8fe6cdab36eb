import { beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '../src/api/client.ts';
import { addImportCategories, importQuestionFile, type FileImportAnswer, type ImportCounts } from '../src/api/import.ts';
import { setLanguage } from '../src/i18n/index.ts';
import { baseName, isSpreadsheetName, runImport, type FileOutcome, type ImportCalls, type RunProgress } from '../src/import/importFlow.ts';
import { fakeFetch, ok } from './helpers.tsx';

const counts = (over: Partial<ImportCounts> = {}): ImportCounts => ({ rows: 3, inserted: 3, skipped: 0, rejected: 0, problems: [], ...over });

/** Calls that answer when the test says so, and record how many imports were running at once. */
function heldCalls() {
  const log: string[] = [];
  let running = 0;
  let maxRunning = 0;
  const pending: { name: string; resolve(a: FileImportAnswer): void }[] = [];
  const calls: ImportCalls = {
    addCategories: async ({ names }) => {
      log.push(`add ${names.join('|')}`);
      return names.map((name, i) => ({ id: 100 + i, name, created: i === 0 }));
    },
    importQuestion: (params) =>
      new Promise((resolve) => {
        running++;
        maxRunning = Math.max(maxRunning, running);
        log.push(`import ${params.fileUrl} -> ${params.typeId}`);
        pending.push({
          name: params.fileUrl,
          resolve: (a) => {
            running--;
            resolve(a);
          },
        });
      }),
    importCategory: async (params) => {
      log.push(`category ${params.fileUrl} @ ${params.subjectId}`);
      return { ok: true, counts: counts(), message: 'ok' };
    },
    removeCategories: async (ids) => {
      log.push(`remove ${ids.join(',')}`);
    },
  };
  return { calls, log, pending, maxRunning: () => maxRunning };
}

const flush = () => new Promise((r) => setTimeout(r, 0));
const files = [
  { uid: 'a', name: '科目一.xls', fileUrl: '/api/file/202611/a.xls' },
  { uid: 'b', name: 'C:\\docs\\科目四.XLSX', fileUrl: '/api/file/202611/b.xlsx' },
  { uid: 'c', name: 'bad.csv', fileUrl: '/api/file/202611/c.csv' },
];

describe('file names', () => {
  it('accepts .xls, .xlsx and .csv in any case and nothing else', () => {
    expect(['a.xls', 'B.XLS', 'c.xlsx', 'd.CSV', ' e.xls '].every(isSpreadsheetName)).toBe(true);
    expect(['a.txt', 'b.xls.exe', 'c.xlsm', 'xls', 'd.numbers'].some(isSpreadsheetName)).toBe(false);
  });

  it('names a category after the file without folders and extension', () => {
    expect(baseName('科目一.xls')).toBe('科目一');
    expect(baseName('C:\\docs\\科目四.XLSX')).toBe('科目四');
    expect(baseName('/tmp/a,b.csv')).toBe('a,b');
    expect(baseName('交通.v2.xls')).toBe('交通.v2');
  });
});

describe('runImport', () => {
  it('adds the categories first, then imports the files strictly one at a time, in order, each into its own category', async () => {
    const held = heldCalls();
    const stages: RunProgress[] = [];
    const outcomes: FileOutcome[] = [];
    const done = runImport(
      { kind: 'question', subjectId: 12, categoryId: 30, files },
      { progress: (p) => stages.push(p), outcome: (i, o) => (outcomes[i] = o) },
      held.calls,
    );
    await flush();
    expect(held.log).toEqual(['add 科目一|科目四|bad', 'import /api/file/202611/a.xls -> 100']);
    expect(outcomes.map((o) => o.state)).toEqual(['running', 'waiting', 'waiting']);
    expect(outcomes[0]!.category).toEqual({ id: 100, name: '科目一', created: true });

    held.pending[0]!.resolve({ ok: true, counts: counts({ inserted: 2, skipped: 1 }), message: 'ok' });
    await flush();
    expect(held.log.at(-1)).toBe('import /api/file/202611/b.xlsx -> 101');
    held.pending[1]!.resolve({ ok: true, counts: counts(), message: 'ok' });
    await flush();
    const refused = counts({ inserted: 0, rejected: 2, problems: [{ row: 3, column: '题干', message: '缺少题干' }] });
    held.pending[2]!.resolve({ ok: false, counts: refused, message: '有 2 行数据不正确', error: new ApiError('有 2 行数据不正确', 'http', 400) });
    const summary = await done;

    expect(held.maxRunning()).toBe(1);
    expect(stages.map((s) => `${s.stage} ${s.current}/${s.total}`)).toEqual([
      'addingCategories 0/3',
      'importing 1/3',
      'importing 2/3',
      'importing 3/3',
      'done 3/3',
    ]);
    expect(outcomes.map((o) => o.state)).toEqual(['imported', 'imported', 'refused']);
    expect(outcomes[2]!.counts!.problems).toEqual([{ row: 3, column: '题干', message: '缺少题干' }]);
    expect(summary).toEqual({ imported: 2, failed: 1, inserted: 5, skipped: 1, aborted: false, createdCategories: 1 });
  });

  it('deletes a category it created when no file went into it, and only then', async () => {
    const log: string[] = [];
    const outcomes: FileOutcome[] = [];
    const refused: FileImportAnswer = {
      ok: false,
      counts: counts({ inserted: 0, rejected: 1 }),
      message: '有 1 行数据不正确',
      error: new ApiError('有 1 行数据不正确', 'http', 400),
    };
    const answers: Record<string, FileImportAnswer> = {
      a: refused, // created, refused by the server -> removed
      b: refused, // existed before -> kept
      c: { ok: false, message: '网络连接失败', error: new ApiError('网络连接失败', 'network') }, // created, no answer -> kept
      d: { ok: true, counts: counts(), message: 'ok' }, // created, imported -> kept
    };
    const four = ['a', 'b', 'c', 'd'].map((uid) => ({ uid, name: `${uid}.xls`, fileUrl: uid }));
    const summary = await runImport(
      { kind: 'question', subjectId: 1, categoryId: 2, files: four },
      { progress: () => {}, outcome: (i, o) => (outcomes[i] = o) },
      {
        addCategories: async ({ names }) => names.map((name, i) => ({ id: 10 + i, name, created: name !== 'b' })),
        importQuestion: async (p) => answers[p.fileUrl]!,
        importCategory: async () => {
          throw new Error('not for questions');
        },
        removeCategories: async (ids) => void log.push(`remove ${ids.join(',')}`),
      },
    );
    expect(log).toEqual(['remove 10']);
    expect(outcomes.map((o) => !!o.categoryRemoved)).toEqual([true, false, false, false]);
    expect(summary.createdCategories).toBe(2);

    // a failing delete leaves the category (reused next time) and the outcome says nothing of a removal
    const kept: FileOutcome[] = [];
    await runImport(
      { kind: 'question', subjectId: 1, categoryId: 2, files: four.slice(0, 1) },
      { progress: () => {}, outcome: (i, o) => (kept[i] = o) },
      {
        addCategories: async () => [{ id: 10, name: 'a', created: true }],
        importQuestion: async () => refused,
        importCategory: async () => refused,
        removeCategories: async () => {
          throw new ApiError('删除失败', 'http', 500);
        },
      },
    );
    expect(kept[0]!.state).toBe('refused');
    expect(kept[0]!.categoryRemoved).toBeUndefined();
  });

  it('keeps going after a file that cannot be read, and stops when the session ends', async () => {
    const answers: FileImportAnswer[] = [
      { ok: false, message: '文件已加密', error: new ApiError('文件已加密', 'http', 400) },
      { ok: false, message: '登录已过期，请重新登录', error: new ApiError('登录已过期，请重新登录', 'http', 401, undefined, true) },
    ];
    const seen: string[] = [];
    const outcomes: FileOutcome[] = [];
    const summary = await runImport(
      { kind: 'category', subjectId: 7, files },
      { progress: () => {}, outcome: (i, o) => (outcomes[i] = o) },
      {
        addCategories: async () => {
          throw new Error('not for categories');
        },
        importQuestion: async () => {
          throw new Error('not for categories');
        },
        removeCategories: async () => {
          throw new Error('not for categories');
        },
        importCategory: async (p) => {
          seen.push(`${p.fileUrl} @ ${p.subjectId}`);
          return answers.shift()!;
        },
      },
    );
    expect(seen).toEqual(['/api/file/202611/a.xls @ 7', '/api/file/202611/b.xlsx @ 7']);
    expect(outcomes.map((o) => o.state)).toEqual(['failed', 'failed', 'notRun']);
    expect(outcomes[0]!.message).toBe('文件已加密');
    expect(summary).toMatchObject({ imported: 0, failed: 2, aborted: true });
  });

  it('imports nothing when the categories cannot be added', async () => {
    const held = heldCalls();
    held.calls.addCategories = async () => [{ id: 1, name: 'only one', created: false }];
    await expect(runImport({ kind: 'question', subjectId: 1, categoryId: 2, files }, { progress: () => {}, outcome: () => {} }, held.calls)).rejects.toThrow(
      /1 categories for 3 files/,
    );
    expect(held.log).toEqual([]);
  });
});

describe('import calls', () => {
  beforeEach(async () => {
    await setLanguage('zh-CN');
  });

  it('sends the file names comma-joined, or as a list when a name holds a comma', async () => {
    const calls = fakeFetch(() => ok([]));
    await addImportCategories({ parentId: 3, typeId: 9, names: ['科目一', '科目四'] });
    await addImportCategories({ parentId: 3, typeId: 9, names: ['a,b', 'c'] });
    expect(calls.map((c) => c.body)).toEqual([
      { parentId: 3, typeId: 9, fileName: '科目一,科目四' },
      { parentId: 3, typeId: 9, fileName: ['a,b', 'c'] },
    ]);
  });

  it('answers a refused file with its counts and problems, without a toast', async () => {
    const problems = [{ row: 6, column: '正确答案', message: '正确答案 D 没有对应的选项' }];
    const calls = fakeFetch(() => ({
      status: 400,
      body: { status: false, success: false, message: '有 1 行数据不正确', data: counts({ inserted: 0, rejected: 1, problems }) },
    }));
    const answer = await importQuestionFile({ fileUrl: '/api/file/202611/a.xls', parentId: 1, typeId: 2 });
    expect(calls[0]!.body).toEqual({ fileUrl: '/api/file/202611/a.xls', parentId: 1, typeId: 2, tableName: 'questionBank' });
    expect(answer).toMatchObject({ ok: false, message: '有 1 行数据不正确', counts: { rejected: 1, problems } });
  });
});
