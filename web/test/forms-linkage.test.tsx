import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import type { FormSchema } from '@qb/contracts';
import { SchemaFormDialog } from '../src/forms/SchemaFormDialog.tsx';
import { schemaFromTableMeta } from '../src/forms/schemaFromTableMeta.ts';
import { setLanguage } from '../src/i18n/index.ts';
import { fakeFetch, ok, renderWithApp, type FakeCall } from './helpers.tsx';
import { findIn, renderSchema } from './forms-harness.tsx';

let calls: FakeCall[];
beforeEach(async () => {
  await setLanguage('zh-CN');
  calls = fakeFetch((call) => {
    const flag = call.url.searchParams.get('_flag');
    const wheres = JSON.parse(call.url.searchParams.get('wheres') ?? '{}');
    if (call.url.pathname === '/api/select/' && flag === 'questionsClass') {
      return ok(
        [
          { id: 1, name: '数学', parentId: 0 },
          { id: 2, name: '代数', parentId: 1 },
          { id: 3, name: '语文', parentId: 0 },
        ],
        { total: 3 },
      );
    }
    if (call.url.pathname === '/api/select/' && flag === 'questionsSmallClass') {
      const rows = [
        { id: 10, name: '选择题', subjectId: 1 },
        { id: 11, name: '填空题', subjectId: 1 },
        { id: 12, name: '作文', subjectId: 3 },
      ];
      return ok(
        rows.filter((r) => r.subjectId === wheres.subjectId),
        { total: 2 },
      );
    }
    if (call.url.pathname === '/api/select/' && flag === 'sys_dict')
      return ok(
        [
          { code: 'A1', title: '甲等' },
          { code: 'B2', title: '乙等' },
        ],
        { total: 2 },
      );
    if (call.url.pathname === '/api/system/menu/')
      return ok({
        list: [
          { text: '初级', id: 'L1' },
          { text: '高级', id: 'L2' },
        ],
      });
    return { status: 404, body: { status: false, message: 'not here' } };
  });
});
afterEach(() => vi.unstubAllGlobals());

const linked: FormSchema = {
  version: 2,
  buttons: true,
  fields: [
    {
      kind: 'radio',
      name: 'type',
      label: { zh: '类型', en: 'Type' },
      options: [
        { label: { zh: '个人', en: 'Person' }, value: 1 },
        { label: { zh: '企业', en: 'Company' }, value: 2 },
      ],
      defaultValue: 1,
    },
    {
      kind: 'text',
      name: 'company',
      label: { zh: '公司' },
      rules: { required: true },
      linkage: [{ when: { field: 'type', op: 'equals', value: 2 }, then: 'show' }],
    },
    { kind: 'text', name: 'nickname', label: { zh: '昵称' }, linkage: [{ when: { field: 'type', op: 'equals', value: 2 }, then: 'hide' }] },
    { kind: 'text', name: 'taxId', label: { zh: '税号' }, linkage: [{ when: { field: 'company', op: 'filled' }, then: 'require' }] },
    { kind: 'switch', name: 'locked', label: { zh: '锁定' } },
    {
      kind: 'number',
      name: 'credit',
      label: { zh: '额度' },
      rules: { required: true },
      linkage: [{ when: { field: 'locked', op: 'equals', value: true }, then: 'disable' }],
    },
  ],
};

describe('linkage in the rendered form', () => {
  it('shows and hides fields as another field changes; a hidden field is neither validated nor submitted', async () => {
    const form = renderSchema(linked);
    expect(screen.queryByLabelText('公司')).toBeNull();
    expect(screen.getByLabelText('昵称')).toBeTruthy();
    await form.user.type(screen.getByLabelText('昵称'), '小王');
    await form.user.type(screen.getByLabelText('额度'), '5');
    await form.submit();
    expect(await form.submitted()).toEqual({ type: 1, nickname: '小王', taxId: undefined, locked: false, credit: 5 });

    await form.user.click(screen.getByLabelText('企业'));
    expect(await screen.findByLabelText('公司')).toBeTruthy();
    expect(screen.queryByLabelText('昵称')).toBeNull();
    form.onFinish.mockClear();
    await form.submit();
    expect(await screen.findByText('请输入公司')).toBeTruthy();
    expect(form.onFinish).not.toHaveBeenCalled();
  });

  it('require: a field becomes required (asterisk and message) while another is filled', async () => {
    const form = renderSchema(linked);
    await form.user.click(screen.getByLabelText('企业'));
    const taxItem = screen.getByTestId('form-field-taxId');
    expect(taxItem.querySelector('.ant-form-item-required')).toBeNull();
    await form.user.type(await screen.findByLabelText('公司'), 'ACME');
    await waitFor(() => expect(taxItem.querySelector('.ant-form-item-required')).toBeTruthy());
    await form.user.type(screen.getByLabelText('额度'), '1');
    await form.submit();
    expect(await within(taxItem).findByText('请输入税号')).toBeTruthy();
    expect(form.onFinish).not.toHaveBeenCalled();
    await form.user.type(screen.getByLabelText('税号'), '91330000');
    await form.submit();
    expect(await form.submitted()).toMatchObject({ type: 2, company: 'ACME', taxId: '91330000' });
  });

  it('disable: a field is disabled and skips its rules while the switch is on', async () => {
    const form = renderSchema(linked);
    const credit = screen.getByLabelText('额度') as HTMLInputElement;
    expect(credit.disabled).toBe(false);
    await form.user.click(screen.getByRole('switch'));
    await waitFor(() => expect((screen.getByLabelText('额度') as HTMLInputElement).disabled).toBe(true));
    await form.submit();
    const values = await form.submitted();
    expect(values.locked).toBe(true);
    expect(form.errors()).toEqual([]);
  });
});

describe('options from tables and calls', () => {
  it('a cascader from a tree table keeps the chosen node, and a dependent dropdown reads the rows of that node', async () => {
    const form = renderSchema({
      version: 2,
      buttons: true,
      fields: [
        {
          kind: 'cascader',
          name: 'subjectId',
          label: { zh: '科目' },
          emitPath: false,
          changeOnSelect: true,
          options: { from: 'table', flag: 'questionsClass', valueField: 'id', labelField: 'name', parentField: 'parentId' },
        },
        {
          kind: 'select',
          name: 'typeId',
          label: { zh: '分类' },
          options: {
            from: 'table',
            flag: 'questionsSmallClass',
            valueField: 'id',
            labelField: 'name',
            dependsOn: { field: 'subjectId', whereField: 'subjectId' },
          },
        },
      ],
    });
    const [subject, type] = screen.getAllByRole('combobox');
    // nothing chosen above: the dependent dropdown waits and asks nothing
    expect(calls.some((c) => c.url.searchParams.get('_flag') === 'questionsSmallClass')).toBe(false);
    await form.user.click(subject!);
    await form.user.click(await findIn('.ant-cascader-menu-item[title="数学"]'));
    await form.user.keyboard('{Escape}');
    await waitFor(() => expect(calls.some((c) => c.url.searchParams.get('_flag') === 'questionsSmallClass')).toBe(true));
    expect(JSON.parse(calls.find((c) => c.url.searchParams.get('_flag') === 'questionsSmallClass')!.url.searchParams.get('wheres')!)).toEqual({ subjectId: 1 });
    await form.user.click(type!);
    await form.user.click(await findIn('.ant-select-item-option[title="填空题"]'));
    await form.submit();
    expect(await form.submitted()).toEqual({ subjectId: 1, typeId: 11 });
  });

  it('a table source with another value column, and a URL source read at its data path', async () => {
    const form = renderSchema({
      version: 2,
      buttons: true,
      fields: [
        { kind: 'radio', name: 'grade', label: { zh: '等级' }, options: { from: 'table', flag: 'sys_dict', valueField: 'code', labelField: 'title' } },
        {
          kind: 'checkbox',
          name: 'levels',
          label: { zh: '级别' },
          options: { from: 'url', url: '/api/system/menu/', method: 'get', dataPath: 'data.list', labelField: 'text', valueField: 'id' },
        },
      ],
    });
    await form.user.click(await screen.findByLabelText('乙等'));
    await form.user.click(await screen.findByLabelText('高级'));
    await form.submit();
    expect(await form.submitted()).toEqual({ grade: 'B2', levels: ['L2'] });
  });

  it('says so when the options cannot be read', async () => {
    renderSchema({
      version: 2,
      fields: [{ kind: 'select', name: 'x', label: { zh: '远程' }, options: { from: 'url', url: '/api/user/list/', method: 'get' } }],
    });
    expect(await screen.findByText('选项加载失败')).toBeTruthy();
    expect(calls.find((c) => c.url.pathname === '/api/user/list/')!.method).toBe('GET');
  });
});

describe('SchemaFormDialog', () => {
  function Page({
    schema,
    onSubmit,
    initialValues,
  }: {
    schema: FormSchema;
    onSubmit: (v: Record<string, unknown>) => Promise<void>;
    initialValues?: Record<string, unknown>;
  }) {
    const [open, setOpen] = useState(true);
    return (
      <SchemaFormDialog
        open={open}
        title="新增 · 考题科目"
        schema={schema}
        initialValues={initialValues}
        onCancel={() => setOpen(false)}
        onSubmit={async (values) => {
          await onSubmit(values);
          setOpen(false);
        }}
      />
    );
  }

  it('renders a schema built from table metadata, locks while saving, stays open when the save fails', async () => {
    const schema = schemaFromTableMeta({
      flag: 'questionsClass',
      columns: [
        { name: 'id', type: 'int', required: false },
        { name: 'name', type: 'nvarchar', length: 50, required: true, title: { zh: '科目名称', en: 'Subject name' } },
        {
          name: 'isUp',
          type: 'int',
          required: false,
          title: { zh: '上架状态', en: 'On shelf' },
          enum: [
            { value: 0, label: { zh: '未上架', en: 'Off' } },
            { value: 1, label: { zh: '已上架', en: 'On' } },
          ],
        },
        { name: 'sortNum', type: 'int', required: false, title: { zh: '排序', en: 'Order' } },
      ],
    });
    let release: (ok: boolean) => void = () => {};
    const onSubmit = vi.fn(() => new Promise<void>((resolve, reject) => (release = (ok) => (ok ? resolve() : reject(new Error('refused'))))));
    renderWithApp(<Page schema={schema} onSubmit={onSubmit} />);
    const user = userEvent.setup({ delay: null });
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('新增 · 考题科目')).toBeTruthy();
    // SPEC.md §9: the radio starts on 1
    expect((within(dialog).getByLabelText('已上架') as HTMLInputElement).checked).toBe(true);
    await user.click(within(dialog).getByTestId('schema-dialog-submit'));
    expect(await within(dialog).findByText('请输入科目名称')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();

    await user.type(within(dialog).getByLabelText('科目名称'), '物理');
    await user.click(within(dialog).getByTestId('schema-dialog-submit'));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ name: '物理', isUp: 1, sortNum: undefined }));
    await waitFor(() => expect((within(dialog).getByTestId('schema-dialog-cancel') as HTMLButtonElement).disabled).toBe(true));
    release(false);
    await waitFor(() => expect((within(dialog).getByTestId('schema-dialog-cancel') as HTMLButtonElement).disabled).toBe(false));
    // the save button drops its loading state a render later; a click before that is swallowed, as for a person
    await waitFor(() => expect(within(dialog).getByTestId('schema-dialog-submit').className).not.toContain('ant-btn-loading'));
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect((within(dialog).getByLabelText('科目名称') as HTMLInputElement).value).toBe('物理');

    await user.click(within(dialog).getByTestId('schema-dialog-submit'));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(2));
    release(true);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('edits a row in English: its values shown, reset puts them back', async () => {
    await setLanguage('en-US');
    const schema = schemaFromTableMeta({
      flag: 'sys_member',
      columns: [
        { name: 'name', type: 'nvarchar', required: true, title: { zh: '昵称', en: 'Nickname' } },
        {
          name: 'gender',
          type: 'int',
          required: false,
          title: { zh: '性别', en: 'Gender' },
          enum: [
            { value: 1, label: { zh: '男', en: 'Male' } },
            { value: 2, label: { zh: '女', en: 'Female' } },
            { value: 0, label: { zh: '未知', en: 'Unknown' } },
          ],
        },
      ],
    });
    const onSubmit = vi.fn(async () => {});
    renderWithApp(<Page schema={schema} onSubmit={onSubmit} initialValues={{ name: 'Ann', gender: 2 }} />);
    const user = userEvent.setup({ delay: null });
    const dialog = await screen.findByRole('dialog');
    const name = within(dialog).getByLabelText('Nickname') as HTMLInputElement;
    expect(name.value).toBe('Ann');
    expect((within(dialog).getByLabelText('Female') as HTMLInputElement).checked).toBe(true);
    await user.clear(name);
    await user.click(within(dialog).getByTestId('schema-dialog-submit'));
    expect(await within(dialog).findByText('Please enter Nickname')).toBeTruthy();
    await user.click(within(dialog).getByTestId('schema-dialog-reset'));
    await waitFor(() => expect((within(dialog).getByLabelText('Nickname') as HTMLInputElement).value).toBe('Ann'));
    await user.click(within(dialog).getByTestId('schema-dialog-submit'));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ name: 'Ann', gender: 2 }));
  });
});
