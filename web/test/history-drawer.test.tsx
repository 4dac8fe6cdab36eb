import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HistoryDrawer } from '../src/history/HistoryDrawer.tsx';
import { setLanguage } from '../src/i18n/index.ts';
import { fakeFetch, ok, renderWithApp } from './helpers.tsx';

const texts = (zh: string, en: string) => ({ zh, en });
const history = (restorable = true) => ({
  deleted: false,
  fields: {
    name: { title: texts('题目', 'Question') },
    gender: {
      title: texts('性别', 'Gender'),
      enum: [
        { value: 1, label: texts('男', 'Male') },
        { value: 2, label: texts('女', 'Female') },
      ],
    },
    parentId: { title: texts('所属科目', 'Subject'), labels: { '3': '科目一', '4': '科目四' } },
    note: { title: texts('note', 'note'), removed: true },
  },
  revisions: [
    {
      id: 12,
      action: 'save',
      loginid: 'editor',
      createTime: '2026-11-26 10:00:00',
      current: true,
      restorable: false,
      changes: [
        { column: 'name', before: '旧题干', after: '新题干' },
        { column: 'gender', before: 1, after: 2 },
        { column: 'parentId', before: 3, after: 4 },
      ],
    },
    {
      id: 9,
      action: 'import',
      loginid: 'admin',
      createTime: '2026-11-25 09:00:00',
      current: false,
      restorable,
      ...(restorable ? {} : { refusal: { code: 'RESTORE_COLUMN_REMOVED', message: '无法恢复：字段 note 已从数据表中删除' } }),
      changes: [
        { column: 'name', before: null, after: '旧题干' },
        { column: 'note', before: null, after: 'x' },
      ],
    },
  ],
});

afterEach(async () => {
  vi.unstubAllGlobals();
  await setLanguage('zh-CN');
});

const target = { flag: 'questionBank', id: 5, name: '新题干', version: 'v1' };

describe('HistoryDrawer', () => {
  it('shows the revisions newest first with titles, labels and the empty value, and restores one with the listed version', async () => {
    let restored = false;
    const calls = fakeFetch((call) => {
      if (call.url.pathname === '/api/history/restore/') {
        restored = true;
        return { body: { status: 200, success: true, message: '已恢复到所选版本', data: { id: 5, columns: ['name'] } } };
      }
      return ok(history());
    });
    const onRestored = vi.fn();
    renderWithApp(<HistoryDrawer target={target} canRestore onClose={() => undefined} onRestored={onRestored} />);
    const revisions = await screen.findAllByTestId('history-revision');
    expect(revisions).toHaveLength(2);
    const newest = within(revisions[0]!);
    expect(newest.getByText('当前版本')).toBeTruthy();
    expect(newest.getByText('editor')).toBeTruthy();
    // an enumeration by its label, a reference by its row's name
    expect(newest.getByText('男')).toBeTruthy();
    expect(newest.getByText('女')).toBeTruthy();
    expect(newest.getByText('科目四')).toBeTruthy();
    const older = within(revisions[1]!);
    expect(older.getByText('导入')).toBeTruthy();
    expect(newest.getByText('保存')).toBeTruthy();
    expect(older.getAllByText('（空）')).toHaveLength(2);
    expect(older.getByText('note（字段已删除）')).toBeTruthy();

    await userEvent.click(older.getByTestId('history-restore'));
    // the confirm's own button, after the revision's
    await userEvent.click(within(document.querySelector('.ant-popconfirm') as HTMLElement).getByRole('button', { name: '恢复到此版本' }));
    await waitFor(() => expect(restored).toBe(true));
    const sent = calls.find((c) => c.url.pathname === '/api/history/restore/')!;
    expect(sent.body).toEqual({ _flag: 'questionBank', id: 5, revision: 9, _version: 'v1' });
    await waitFor(() => expect(onRestored).toHaveBeenCalled());
    expect(await screen.findByText('已恢复到所选版本')).toBeTruthy();
  });

  it('offers no restore of a revision that cannot be restored, nor to a role that may not save', async () => {
    fakeFetch(() => ok(history(false)));
    const view = renderWithApp(<HistoryDrawer target={target} canRestore onClose={() => undefined} onRestored={() => undefined} />);
    const revisions = await screen.findAllByTestId('history-revision');
    expect((within(revisions[1]!).getByTestId('history-restore') as HTMLButtonElement).disabled).toBe(true);
    view.unmount();
    fakeFetch(() => ok(history(true)));
    renderWithApp(<HistoryDrawer target={target} canRestore={false} onClose={() => undefined} onRestored={() => undefined} />);
    await screen.findAllByTestId('history-revision');
    expect(screen.queryByTestId('history-restore')).toBeNull();
  });

  it('names the first revision of a row with no value before it 新增 (the log says save for both)', async () => {
    const created = history();
    created.revisions[1] = { ...created.revisions[1]!, action: 'save' };
    fakeFetch(() => ok(created));
    renderWithApp(<HistoryDrawer target={target} canRestore onClose={() => undefined} onRestored={() => undefined} />);
    const revisions = await screen.findAllByTestId('history-revision');
    expect(within(revisions[1]!).getByText('新增')).toBeTruthy();
    expect(within(revisions[0]!).getByText('保存')).toBeTruthy();
  });

  it('speaks English', async () => {
    await setLanguage('en-US');
    fakeFetch(() => ok(history()));
    renderWithApp(<HistoryDrawer target={target} canRestore onClose={() => undefined} onRestored={() => undefined} />);
    const revisions = await screen.findAllByTestId('history-revision');
    expect(within(revisions[0]!).getByText('Current')).toBeTruthy();
    expect(within(revisions[0]!).getByText('Female')).toBeTruthy();
    expect(within(revisions[1]!).getByText('Imported')).toBeTruthy();
    expect(screen.getByText('History: 新题干')).toBeTruthy();
  });
});
