import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TableMeta } from '@qb/contracts';
import { TablePage } from '../src/crud/TablePage.tsx';
import type { PageOverrides } from '../src/crud/configFromMeta.ts';
import { setLanguage } from '../src/i18n/index.ts';
import { fakeFetch, ok, renderWithApp, type FakeCall } from './helpers.tsx';

/** The subjects' metadata: a lazy tree by parentId, ordered by sortNum; the parent a reference into the same table. */
const meta: TableMeta = {
  flag: 'questionsClass',
  title: { zh: '考题科目', en: 'Subjects' },
  softDelete: true,
  source: 10000,
  primaryKey: 'id',
  dynamic: false,
  defaultSort: { column: 'sortNum', direction: 'asc' },
  tree: { parentColumn: 'parentId', mode: 'lazy' },
  columns: [
    { name: 'name', type: 'nvarchar', title: { zh: '科目名称', en: 'Subject name' }, required: true, filterable: true, sortable: true },
    {
      name: 'parentId',
      type: 'int',
      title: { zh: '上级科目', en: 'Parent subject' },
      required: false,
      filterable: true,
      sortable: true,
      references: 'questionsClass',
      reference: { flag: 'questionsClass', labelColumn: 'name', treeColumn: 'parentId' },
      ui: { optional: true },
    },
    { name: 'cover', type: 'image', title: { zh: '封面', en: 'Cover' }, required: false, filterable: true, sortable: true },
  ],
};
const page: PageOverrides = { key: 'subjects', flag: 'questionsClass', titleKey: 'route.questionsClass' };

const top = [{ id: 1, name: '驾照考试', parentId: 0, cover: null, hasChildren: true }];
const children = [{ id: 2, name: '科目一', parentId: 1, cover: '/api/file/202611/ab.png', hasChildren: false }];
let calls: FakeCall[];

beforeEach(async () => {
  await setLanguage('zh-CN');
  calls = fakeFetch((call) => {
    const q = call.url.searchParams;
    if (call.url.pathname === '/api/schema/questionsClass') return ok(meta);
    if (call.url.pathname === '/api/action/upload/') return ok({ path: '/api/file/202611/cd.png', oldFileName: 'cover.png' });
    if (call.url.pathname !== '/api/select/') return { status: 404, body: { status: false, message: 'no' } };
    const wheres = JSON.parse(q.get('wheres') ?? '{}');
    if (Array.isArray(wheres.id))
      return ok(
        [...top, ...children].filter((r) => wheres.id.includes(r.id)),
        { total: 1 },
      );
    if (wheres.parentId === 1) return ok(children, { total: 1 });
    if (wheres.parentId === 0) return ok(top, { total: 1 });
    return ok([...top, ...children], { total: 2 });
  });
});
afterEach(() => vi.unstubAllGlobals());

const selectCalls = (pred: (w: Record<string, unknown>, q: URLSearchParams) => boolean) =>
  calls.filter((c) => c.url.pathname === '/api/select/' && pred(JSON.parse(c.url.searchParams.get('wheres') ?? '{}'), c.url.searchParams));

describe('tree tables', () => {
  it('list the top level with expand arrows and load children on expand (row 99999, wheres parent = id)', async () => {
    renderWithApp(<TablePage page={page} />);
    expect(await screen.findByText('驾照考试')).toBeTruthy();
    const first = selectCalls((w) => w.parentId === 0)[0]!.url.searchParams;
    expect(first.get('_hasChildren')).toBe('parentId');
    expect([first.get('sort'), first.get('sortType'), first.get('row')]).toEqual(['sortNum', 'asc', '80']);
    expect(screen.queryByText('科目一')).toBeNull();
    expect(selectCalls((w) => w.parentId === 1)).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: '展开' }));
    expect(await screen.findByText('科目一')).toBeTruthy();
    const load = selectCalls((w) => w.parentId === 1)[0]!.url.searchParams;
    expect(load.get('row')).toBe('99999');
    expect(load.get('_hasChildren')).toBe('parentId');

    // the child's parent is shown by name, read with wheres id IN [...]
    await waitFor(() => expect(within(screen.getByTestId('crud-table')).getAllByText('驾照考试').length).toBe(2));
    expect(selectCalls((w) => Array.isArray(w.id) && (w.id as number[]).includes(1)).length).toBeGreaterThan(0);
    // the child's cover is a 50 px preview
    const img = screen.getByTestId('crud-table').querySelector('img.qb-cell-image') as HTMLImageElement;
    expect([img.getAttribute('src'), img.getAttribute('width')]).toEqual(['/api/file/202611/ab.png', '50']);
  });
});

describe('image upload', () => {
  it('refuses anything but jpg/jpeg/png/bmp and shows the uploaded image', async () => {
    renderWithApp(<TablePage page={page} />);
    await screen.findByText('驾照考试');
    await userEvent.click(screen.getByTestId('toolbar-add'));
    const dialog = (await screen.findByTestId('schema-dialog-submit')).closest<HTMLElement>('[role="dialog"]')!;
    // the upload control renders a fresh input after each choice
    const input = () => dialog.querySelector('[data-testid=image-upload] input[type=file]') as HTMLInputElement;
    await within(dialog).findByTestId('image-upload');
    await userEvent.upload(input(), new File(['hello'], 'notes.txt', { type: 'text/plain' }), { applyAccept: false });
    expect(await screen.findByText('图片格式不正确，请上传 jpg、jpeg、png 或 bmp 格式的图片')).toBeTruthy();
    expect(calls.some((c) => c.url.pathname === '/api/action/upload/')).toBe(false);

    await userEvent.upload(input(), new File([new Uint8Array([0x89, 0x50])], 'COVER.PNG', { type: 'image/png' }));
    await waitFor(() => expect(dialog.querySelector('.qb-image-upload img')?.getAttribute('src')).toBe('/api/file/202611/cd.png'));
    const upload = calls.find((c) => c.url.pathname === '/api/action/upload/')!;
    expect((upload.body as FormData).get('files')).toBeInstanceOf(File);
  });
});
