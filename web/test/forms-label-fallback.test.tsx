import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { type FormSchema, type MenuRow, type TableMeta } from '@qb/contracts';
import DesignerWorkspace from '../src/designer/DesignerWorkspace.tsx';
import { boundFormOf } from '../src/forms/boundForm.ts';
import { setLanguage } from '../src/i18n/index.ts';
import ManageLayout from '../src/shell/ManageLayout.tsx';
import { useTabsStore } from '../src/app/stores.ts';
import { fakeFetch, ok, renderWithApp } from './helpers.tsx';
import { startWithEmptyDesigner } from './designer-empty.ts';

/**
 * Issue 31 #2: a bound form's English labels are those typed; the palette's name (Single-line text) is nobody's
 * label: the designer does not store it under a typed Chinese, and a stored one reads as the column's English title.
 */

/** As an earlier release stored it: the Chinese typed, the English the palette's names. */
const form: FormSchema = {
  version: 2,
  fields: [
    { kind: 'text', name: 'roomName', label: { zh: '考场名称', en: 'Single-line text' } },
    { kind: 'number', name: 'seats', label: { zh: '座位数', en: 'Number' } },
    { kind: 'text', name: 'building', label: { zh: '楼栋' } },
    { kind: 'text', name: 'note', label: { zh: '备注', en: 'Remarks' } },
  ],
};
const column = (name: string, zh: string, en: string, type: 'nvarchar' | 'int' = 'nvarchar') => ({
  name,
  type,
  title: { zh, en },
  required: false,
  filterable: true,
  sortable: true,
});
const meta: TableMeta = {
  flag: 'room',
  title: { zh: '考场', en: 'Rooms' },
  softDelete: true,
  source: 10000,
  primaryKey: 'id',
  dynamic: true,
  columns: [
    { ...column('id', '编号', 'id', 'int'), serverFilled: true },
    column('roomName', '考场名称', 'Room name'),
    // no English title of its own: the server answers the Chinese as `en`
    column('seats', '座位数', '座位数', 'int'),
    column('building', '楼栋', 'Building'),
    column('note', '备注', 'Note'),
  ],
  form: form as unknown as TableMeta['form'],
};

afterEach(async () => {
  vi.unstubAllGlobals();
  await setLanguage('zh-CN');
});

describe('the English labels of a bound form', () => {
  it('reads a palette name or no English as the column’s English title, else the Chinese; a typed English stays', () => {
    const labels = boundFormOf(meta)!.fields.map((f) => f.label);
    expect(labels).toEqual([{ zh: '考场名称', en: 'Room name' }, { zh: '座位数' }, { zh: '楼栋', en: 'Building' }, { zh: '备注', en: 'Remarks' }]);
  });

  it('shows the add dialog of the table in English without the palette’s names', async () => {
    await setLanguage('en-US');
    useTabsStore.getState().reset();
    const menus: MenuRow[] = [{ id: 2, name: '考场', url: '/manage/room', parentMenu: 0, display: 1 }].map((r) => ({
      menuType: 1,
      icon: null,
      menuMark: null,
      sortNum: 0,
      intro: null,
      createTime: '',
      ...r,
    }));
    fakeFetch((call) => {
      const path = call.url.pathname;
      if (path === '/api/system/menu/') return ok(menus);
      if (path === '/api/user/userInfo/') return ok([{ id: 1, loginid: 'admin', name: 'admin' }]);
      if (path === '/api/schema/room') return ok(meta);
      if (path === '/api/select/') return ok([], { total: 0 });
      return ok([]);
    });
    renderWithApp(
      <Routes>
        <Route path="/manage/*" element={<ManageLayout />} />
      </Routes>,
      { path: '/manage/room' },
    );
    await screen.findByTestId('crud-table');
    await userEvent.click(screen.getByTestId('toolbar-add'));
    const dialog = (await screen.findByTestId('schema-dialog-submit')).closest<HTMLElement>('[role="dialog"]')!;
    expect(within(dialog).getByLabelText('Room name')).toBeTruthy();
    expect(within(dialog).getByLabelText('座位数')).toBeTruthy();
    expect(within(dialog).getByLabelText('Building')).toBeTruthy();
    expect(within(dialog).getByLabelText('Remarks')).toBeTruthy();
    expect(within(dialog).queryByText('Single-line text')).toBeNull();
    expect(within(dialog).queryByText('Number')).toBeNull();
  }, 60_000);
});

describe('the designer’s label', () => {
  beforeEach(async () => {
    startWithEmptyDesigner();
    await setLanguage('zh-CN');
  }, 60_000);

  it('drops the palette’s English name when the Chinese is typed, and keeps an English typed after', async () => {
    const user = userEvent.setup();
    renderWithApp(<DesignerWorkspace />);
    await user.click(screen.getByTestId('palette-text'));
    const english = () => screen.getByLabelText('标题 英文') as HTMLInputElement;
    expect(english().value).toBe('Single-line text');
    const label = screen.getByTestId('prop-label');
    await user.clear(label);
    await user.type(label, '考场名称');
    expect(english().value).toBe('');
    await user.type(english(), 'Number');
    expect(english().value).toBe('Number');
  }, 60_000);
});
