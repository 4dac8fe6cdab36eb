import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HistoryDrawer } from '../src/history/HistoryDrawer.tsx';
import { setLanguage } from '../src/i18n/index.ts';
import { fakeFetch, ok, renderWithApp } from './helpers.tsx';

const texts = (zh: string, en: string) => ({ zh, en });
/** A question whose earlier category (临时分类, #8) has been deleted since: the server answers it so (issue 31 #5). */
const history = {
  deleted: false,
  fields: { typeId: { title: texts('题目分类', 'Category'), labels: { '8': '临时分类', '9': '第一章' }, deleted: ['8'] } },
  revisions: [
    {
      id: 12,
      action: 'save',
      loginid: 'admin',
      createTime: '2026-11-26 10:00:00',
      current: true,
      restorable: false,
      changes: [{ column: 'typeId', before: 8, after: 9 }],
    },
    {
      id: 9,
      action: 'save',
      loginid: 'admin',
      createTime: '2026-11-25 09:00:00',
      current: false,
      restorable: false,
      refusal: { code: 'RESTORE_REFERENCE_GONE', message: '无法恢复：题目分类“临时分类”已删除' },
      changes: [{ column: 'typeId', before: null, after: 8 }],
    },
  ],
};

afterEach(async () => {
  vi.unstubAllGlobals();
  await setLanguage('zh-CN');
});

describe('HistoryDrawer and a deleted reference', () => {
  it('marks the deleted row in both languages and offers its revision disabled with the reason', async () => {
    fakeFetch(() => ok(history));
    renderWithApp(<HistoryDrawer target={{ flag: 'questionBank', id: 5, name: '题干' }} canRestore onClose={() => undefined} onRestored={() => undefined} />);
    const revisions = await screen.findAllByTestId('history-revision');
    expect(within(revisions[0]!).getByText('临时分类（已删除）')).toBeTruthy();
    expect(within(revisions[0]!).getByText('第一章')).toBeTruthy();
    const button = within(revisions[1]!).getByTestId('history-restore');
    expect((button as HTMLButtonElement).disabled).toBe(true);
    await userEvent.hover(button.parentElement!);
    expect(await screen.findByText('无法恢复：题目分类“临时分类”已删除')).toBeTruthy();
  });

  it('reads (deleted) in English', async () => {
    await setLanguage('en-US');
    fakeFetch(() => ok(history));
    renderWithApp(<HistoryDrawer target={{ flag: 'questionBank', id: 5, name: 'Q' }} canRestore onClose={() => undefined} onRestored={() => undefined} />);
    const revisions = await screen.findAllByTestId('history-revision');
    expect(within(revisions[1]!).getByText('临时分类 (deleted)')).toBeTruthy();
  });
});
