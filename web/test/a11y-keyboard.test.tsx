import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { TagTabs, tabIndexAfterKey } from '../src/shell/TagTabs.tsx';
import { ResizableTitle, widthAfterKey, MIN_WIDTH, MAX_WIDTH } from '../src/crud/ResizableTitle.tsx';
import { Button, Form, Input } from 'antd';
import { useErrorAnnouncer } from '../src/forms/ErrorAnnouncer.tsx';
import { ColumnChooser } from '../src/crud/ColumnChooser.tsx';
import type { FieldDef } from '../src/crud/types.ts';
import { renderWithApp } from './helpers.tsx';

// The keyboard behaviours added for issue 13 (accessibility): the tag tabs and column resizing.
const TITLES: Record<string, string> = { '/manage/home': '首页', '/manage/member': '会员', '/manage/role': '角色' };

function Tabs({ onSelect = vi.fn(), onCloseOthers = vi.fn(), onCloseAll = vi.fn() }: Partial<Record<'onSelect' | 'onCloseOthers' | 'onCloseAll', () => void>>) {
  const [tabs, setTabs] = useState(Object.keys(TITLES));
  return (
    <TagTabs
      tabs={tabs}
      activePath="/manage/member"
      titleOf={(p) => TITLES[p]}
      onSelect={onSelect}
      onClose={(p) => setTabs((t) => t.filter((x) => x !== p))}
      onCloseOthers={onCloseOthers}
      onCloseAll={onCloseAll}
    />
  );
}

const tab = (name: string) => screen.getByRole('tab', { name: new RegExp(name) });

describe('tag tabs by keyboard', () => {
  it('is a labelled tab list with one tab in the Tab order (the active one), which controls the main region', () => {
    render(<Tabs />);
    expect(screen.getByRole('tablist', { name: '已打开的页面' })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: '已打开的页面' })).toBeTruthy();
    expect(screen.getAllByRole('tab').map((t) => t.tabIndex)).toEqual([-1, 0, -1]);
    expect(tab('会员').getAttribute('aria-selected')).toBe('true');
    expect(tab('会员').getAttribute('aria-controls')).toBe('qb-main');
    // the close crosses are for the mouse: no button inside a tab
    expect(screen.queryAllByRole('button').filter((b) => b.closest('[role="tab"]'))).toEqual([]);
    // the keys are told to screen readers
    expect(document.getElementById(tab('会员').getAttribute('aria-describedby')!)?.textContent).toContain('Delete');
  });

  it('arrows move the focus (round the ends), Home and End jump; Enter selects', async () => {
    const onSelect = vi.fn();
    render(<Tabs onSelect={onSelect} />);
    tab('会员').focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(tab('角色'));
    await userEvent.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(tab('首页'));
    await userEvent.keyboard('{ArrowLeft}');
    expect(document.activeElement).toBe(tab('角色'));
    await userEvent.keyboard('{Home}');
    expect(document.activeElement).toBe(tab('首页'));
    expect(tab('首页').tabIndex).toBe(0);
    await userEvent.keyboard('{End}');
    expect(document.activeElement).toBe(tab('角色'));
    expect(onSelect).not.toHaveBeenCalled();
    await userEvent.keyboard('{Enter}');
    expect(onSelect).toHaveBeenCalledWith('/manage/role');
  });

  it('Delete closes the focused tab and keeps the focus on its neighbour; the home tab does not close', async () => {
    render(<Tabs />);
    tab('会员').focus();
    await userEvent.keyboard('{Delete}');
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['首页', '角色']);
    await waitFor(() => expect(document.activeElement).toBe(tab('角色')));
    await userEvent.keyboard('{Home}{Delete}');
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['首页', '角色']);
    expect(document.activeElement).toBe(tab('首页'));
  });

  it('Shift+F10 and the context-menu key open the tab menu; its entries work from the keyboard', async () => {
    const onCloseOthers = vi.fn();
    render(<Tabs onCloseOthers={onCloseOthers} />);
    tab('角色').focus();
    await userEvent.keyboard('{Shift>}{F10}{/Shift}');
    const item = await screen.findByRole('menuitem', { name: '关闭其他' });
    fireEvent.click(item);
    expect(onCloseOthers).toHaveBeenCalledWith('/manage/role');
    tab('首页').focus();
    fireEvent.keyDown(tab('首页'), { key: 'ContextMenu' });
    await waitFor(() => expect(screen.getAllByRole('menuitem', { name: '关闭所有' }).length).toBeGreaterThan(0));
  });

  it('the key map', () => {
    expect(tabIndexAfterKey('ArrowRight', 2, 3)).toBe(0);
    expect(tabIndexAfterKey('ArrowLeft', 0, 3)).toBe(2);
    expect(tabIndexAfterKey('End', 0, 3)).toBe(2);
    expect(tabIndexAfterKey('a', 0, 3)).toBeUndefined();
  });
});

function Header({ onSort = vi.fn() }: { onSort?: () => void }) {
  const [width, setWidth] = useState(120);
  return (
    <table>
      <thead>
        <tr>
          <ResizableTitle width={width} onResize={setWidth} resizeLabel="昵称" tabIndex={0} onKeyDown={(e) => e.key === 'Enter' && onSort()}>
            昵称
          </ResizableTitle>
        </tr>
      </thead>
    </table>
  );
}

describe('column resize by keyboard', () => {
  it('the handle is a focusable splitter named after its column; arrows change the width, announced as its value', async () => {
    const onSort = vi.fn();
    render(<Header onSort={onSort} />);
    const handle = screen.getByRole('separator', { name: '调整列宽：昵称' });
    expect(handle.tabIndex).toBe(0);
    expect(handle.getAttribute('aria-valuenow')).toBe('120');
    expect(handle.getAttribute('aria-valuetext')).toBe('120 像素');
    handle.focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(handle.getAttribute('aria-valuenow')).toBe('130');
    await userEvent.keyboard('{Shift>}{ArrowLeft}{/Shift}');
    expect(handle.getAttribute('aria-valuenow')).toBe('80');
    expect(handle.getAttribute('aria-valuetext')).toBe('80 像素');
    await userEvent.keyboard('{Home}');
    expect(handle.getAttribute('aria-valuenow')).toBe(String(MIN_WIDTH));
    await userEvent.keyboard('{ArrowLeft}');
    expect(handle.getAttribute('aria-valuenow')).toBe(String(MIN_WIDTH));
    // Enter on the handle does not reach the header cell (which sorts)
    await userEvent.keyboard('{Enter}');
    expect(onSort).not.toHaveBeenCalled();
    expect(screen.getByRole('columnheader').getAttribute('style')).toContain('position: relative');
  });

  it('the key map stays within the limits', () => {
    expect(widthAfterKey('ArrowRight', false, 795)).toBe(MAX_WIDTH);
    expect(widthAfterKey('ArrowLeft', true, 100)).toBe(MIN_WIDTH);
    expect(widthAfterKey('End', false, 100)).toBe(MAX_WIDTH);
    expect(widthAfterKey('Enter', false, 100)).toBeUndefined();
  });
});

function AnnouncedForm() {
  const announcer = useErrorAnnouncer();
  return (
    <Form onFieldsChange={announcer.onFieldsChange}>
      <Form.Item name="title" label="书名" rules={[{ required: true, message: '请输入书名' }]}>
        <Input />
      </Form.Item>
      <Form.Item name="author" label="作者" rules={[{ required: true, message: '请输入作者' }]}>
        <Input />
      </Form.Item>
      <Button htmlType="submit">保存</Button>
      {announcer.region}
    </Form>
  );
}

describe('form errors', () => {
  it('are tied to their field, counted in a live region, and a failed submit takes the focus to the first one', async () => {
    renderWithApp(<AnnouncedForm />);
    const live = screen.getByTestId('form-errors-live');
    expect(live.getAttribute('aria-live')).toBe('polite');
    expect(live.textContent).toBe('');
    await userEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(live.textContent).toBe('有 2 项需要修改，提示在各项下方'));
    const title = screen.getByLabelText('书名');
    expect(title.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(title.getAttribute('aria-describedby')!)?.textContent).toBe('请输入书名');
    // the message shows once: the live region counts, it does not repeat
    expect(screen.getAllByText('请输入书名')).toHaveLength(1);
    await waitFor(() => expect(document.activeElement).toBe(title));
    await userEvent.type(title, '三体');
    await waitFor(() => expect(live.textContent).toBe('有 1 项需要修改，提示在各项下方'));
  });
});

describe('column chooser by keyboard', () => {
  it('Enter opens the list with the focus on its first box; Space toggles; Escape closes and gives the focus back', async () => {
    const onChange = vi.fn();
    const fields = [
      { name: 'name', title: '昵称' },
      { name: 'phone', title: '手机号' },
    ] as FieldDef[];
    renderWithApp(<ColumnChooser fields={fields} hidden={[]} onChange={onChange} onReset={vi.fn()} />);
    const button = screen.getByTestId('toolbar-columns');
    button.focus();
    await userEvent.keyboard('{Enter}');
    const first = await screen.findByRole('checkbox', { name: '昵称' });
    await waitFor(() => expect(document.activeElement).toBe(first));
    expect(button.getAttribute('aria-expanded')).toBe('true');
    await userEvent.keyboard(' ');
    expect(onChange).toHaveBeenCalledWith(['name']);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(button.getAttribute('aria-expanded')).toBe('false'));
    expect(document.activeElement).toBe(button);
  });
});
