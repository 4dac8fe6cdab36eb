import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FormValueField } from '@qb/contracts';
import { setLanguage } from '../src/i18n/index.ts';
import { findIn, formOf, renderSchema } from './forms-harness.tsx';

type User = ReturnType<typeof userEvent.setup>;
interface KindCase {
  field: FormValueField;
  zh: string;
  en: string;
  fill(user: User, container: HTMLElement): Promise<void>;
  expected: unknown;
}

/** An option of the open dropdown or cascader menu (antd renders them in a portal). */
const option = (selector: string, title: string) => findIn(`${selector}[title="${title}"]`);

/** Chosen kinds: each takes a value by clicking its options or typing into its picker. */
const cases: KindCase[] = [
  {
    field: {
      kind: 'select',
      name: 'city',
      label: { zh: '城市', en: 'City' },
      options: [
        { label: { zh: '北京', en: 'Beijing' }, value: 'bj' },
        { label: { zh: '上海', en: 'Shanghai' }, value: 'sh' },
      ],
      rules: { required: true },
    },
    zh: '请选择城市',
    en: 'Please select City',
    fill: async (user) => {
      await user.click(screen.getByRole('combobox'));
      await user.click(await option('.ant-select-item-option', '上海'));
    },
    expected: 'sh',
  },
  {
    field: {
      kind: 'cascader',
      name: 'region',
      label: { zh: '地区', en: 'Region' },
      options: [
        { label: { zh: '浙江' }, value: 'zj', children: [{ label: { zh: '杭州' }, value: 'hz' }] },
        { label: { zh: '江苏' }, value: 'js' },
      ],
      rules: { required: true },
    },
    zh: '请选择地区',
    en: 'Please select Region',
    fill: async (user) => {
      await user.click(screen.getByRole('combobox'));
      await user.click(await option('.ant-cascader-menu-item', '浙江'));
      await user.click(await option('.ant-cascader-menu-item', '杭州'));
    },
    expected: ['zj', 'hz'],
  },
  {
    field: {
      kind: 'radio',
      name: 'gender',
      label: { zh: '性别', en: 'Gender' },
      options: [
        { label: { zh: '男', en: 'Male' }, value: 1 },
        { label: { zh: '女', en: 'Female' }, value: 2 },
      ],
      rules: { required: true },
    },
    zh: '请选择性别',
    en: 'Please select Gender',
    fill: (user) => user.click(screen.getByLabelText('女')),
    expected: 2,
  },
  {
    field: {
      kind: 'checkbox',
      name: 'hobbies',
      label: { zh: '爱好', en: 'Hobbies' },
      options: [
        { label: { zh: '读书' }, value: 'read' },
        { label: { zh: '跑步' }, value: 'run' },
        { label: { zh: '游泳' }, value: 'swim' },
      ],
      rules: { required: true, max: 2 },
    },
    zh: '请选择爱好',
    en: 'Please select Hobbies',
    fill: async (user) => {
      await user.click(screen.getByLabelText('读书'));
      await user.click(screen.getByLabelText('跑步'));
      await user.click(screen.getByLabelText('游泳'));
      // the rule max 2 counts the ticked boxes
      expect(await screen.findByText('爱好最多选择2项')).toBeTruthy();
      await user.click(screen.getByLabelText('游泳'));
    },
    expected: ['read', 'run'],
  },
  {
    field: { kind: 'time', name: 'alarm', label: { zh: '闹钟', en: 'Alarm' }, rules: { required: true } },
    zh: '请选择闹钟',
    en: 'Please select Alarm',
    fill: async (user) => {
      const input = screen.getByLabelText('闹钟');
      await user.click(input);
      await user.type(input, '07:30:00{Enter}');
    },
    expected: '07:30:00',
  },
  {
    field: { kind: 'timeRange', name: 'shift', label: { zh: '班次', en: 'Shift' }, format: 'HH:mm', rules: { required: true } },
    zh: '请选择班次',
    en: 'Please select Shift',
    fill: async (user, container) => {
      const [start, end] = container.querySelectorAll<HTMLInputElement>('.ant-picker-range input');
      expect(start!.placeholder).toBe('开始时间');
      await user.click(start!);
      await user.type(start!, '08:00{Enter}');
      await user.type(end!, '17:30{Enter}');
    },
    expected: ['08:00', '17:30'],
  },
  {
    field: { kind: 'date', name: 'birthday', label: { zh: '生日', en: 'Birthday' }, rules: { required: true } },
    zh: '请选择生日',
    en: 'Please select Birthday',
    fill: async (user) => {
      const input = screen.getByLabelText('生日');
      await user.click(input);
      await user.type(input, '2024-05-06{Enter}');
    },
    expected: '2024-05-06',
  },
  {
    field: { kind: 'dateRange', name: 'holiday', label: { zh: '假期', en: 'Holiday' }, type: 'datetime', rules: { required: true } },
    zh: '请选择假期',
    en: 'Please select Holiday',
    fill: async (user, container) => {
      const [start, end] = container.querySelectorAll<HTMLInputElement>('.ant-picker-range input');
      await user.click(start!);
      await user.type(start!, '2024-01-01 08:00:00{Enter}');
      await user.type(end!, '2024-01-07 18:00:00{Enter}');
    },
    expected: ['2024-01-01 08:00:00', '2024-01-07 18:00:00'],
  },
];

beforeEach(() => setLanguage('zh-CN'));

describe('SchemaForm renders every chosen kind', () => {
  for (const c of cases) {
    it(`${c.field.kind}: renders, takes a value from the user, and says ${c.zh} when empty`, async () => {
      const form = renderSchema(formOf(c.field));
      await form.submit();
      expect(await screen.findByText(c.zh)).toBeTruthy();
      expect(form.onFinish).not.toHaveBeenCalled();
      await c.fill(form.user, form.container);
      await form.submit();
      const values = await form.submitted();
      expect(values[c.field.name]).toEqual(c.expected);
      await waitFor(() => expect(form.errors()).toEqual([]));
    });
  }

  it('says every required message of these kinds in English, with English option labels', async () => {
    await setLanguage('en-US');
    const form = renderSchema(formOf(...cases.map((c) => c.field)));
    await form.submit();
    await waitFor(() => expect(form.errors()).toEqual(cases.map((c) => c.en)));
    expect(screen.getByLabelText('Female')).toBeTruthy();
    // no English given: the Chinese shows
    expect(screen.getByLabelText('读书')).toBeTruthy();
  });
});

describe('SchemaForm lays out rows, buttons and tables', () => {
  it('row: its children share the row on the grid and keep their own rules', async () => {
    const form = renderSchema({
      version: 2,
      buttons: true,
      fields: [
        {
          kind: 'row',
          name: 'row101',
          label: { zh: '行容器' },
          gutter: 20,
          children: [
            { kind: 'text', name: 'first', label: { zh: '名' }, span: 12, rules: { required: true } },
            { kind: 'text', name: 'last', label: { zh: '姓' }, span: 12 },
          ],
        },
      ],
    });
    const row = screen.getByTestId('form-row-row101');
    const cols = row.querySelectorAll(':scope > .ant-col');
    expect([...cols].map((c) => c.className.includes('ant-col-12'))).toEqual([true, true]);
    expect(within(row).getByLabelText('名')).toBeTruthy();
    await form.submit();
    expect(await within(row).findByText('请输入名')).toBeTruthy();
    await form.user.type(within(row).getByLabelText('名'), '小明');
    await form.user.type(within(row).getByLabelText('姓'), '王');
    await form.submit();
    expect(await form.submitted()).toEqual({ first: '小明', last: '王' });
  });

  it('button: a submit button submits, a reset button puts the first values back', async () => {
    const form = renderSchema({
      version: 2,
      fields: [
        { kind: 'text', name: 'title', label: { zh: '标题' }, defaultValue: '初稿' },
        { kind: 'button', name: 'save', label: { zh: '' }, showLabel: false, text: { zh: '提交表单', en: 'Send' }, action: 'submit', span: 12 },
        { kind: 'button', name: 'again', label: { zh: '' }, showLabel: false, text: { zh: '重来' }, action: 'reset', buttonType: 'warning', span: 12 },
      ],
    });
    const input = screen.getByLabelText('标题') as HTMLInputElement;
    await form.user.clear(input);
    await form.user.type(input, '终稿');
    await form.user.click(screen.getByRole('button', { name: /重\s*来/ }));
    // a reset mounts the controls anew
    await waitFor(() => expect((screen.getByLabelText('标题') as HTMLInputElement).value).toBe('初稿'));
    await form.user.click(screen.getByRole('button', { name: '提交表单' }));
    expect(await form.submitted()).toEqual({ title: '初稿' });
  });

  it('table: a read-only placeholder with the column titles in the current language', async () => {
    await setLanguage('en-US');
    renderSchema(
      formOf({
        kind: 'table',
        name: 'table101',
        label: { zh: '明细', en: 'Lines' },
        columns: [
          { name: 'date', label: { zh: '日期', en: 'Date' } },
          { name: 'amount', label: { zh: '金额' } },
        ],
      }),
    );
    const table = screen.getByTestId('form-table-table101');
    expect([...table.querySelectorAll('th')].map((th) => th.textContent)).toEqual(['Date', '金额']);
    expect(within(table).getByText('No data')).toBeTruthy();
    expect(screen.getByText('Lines')).toBeTruthy();
  });
});
