import { describe, expect, it } from 'vitest';
import type { ColumnMeta, FormValueField, TableMeta } from '@qb/contracts';
import { pageConfigFromMeta, type PageOverrides } from '../src/crud/configFromMeta.ts';
import type { FieldDef } from '../src/crud/types.ts';

const column = (c: Partial<ColumnMeta> & Pick<ColumnMeta, 'name' | 'type' | 'title'>): ColumnMeta => ({
  required: false,
  filterable: true,
  sortable: true,
  ...c,
});
const gender = [
  { value: 1, label: { zh: '男', en: 'Male' }, color: 'blue' },
  { value: 2, label: { zh: '女', en: 'Female' }, color: 'magenta' },
  { value: 0, label: { zh: '未知', en: 'Unknown' }, color: 'default' },
];

/** Members as GET /api/schema/sys_member answers them (server/src/schema/builtin.ts). */
const members: TableMeta = {
  flag: 'sys_member',
  title: { zh: '小程序用户管理', en: 'Mini-program members' },
  softDelete: true,
  source: 10000,
  primaryKey: 'id',
  dynamic: false,
  defaultSort: { column: 'id', direction: 'desc' },
  columns: [
    column({ name: 'id', type: 'int', title: { zh: 'ID', en: 'ID' }, ui: { list: false, form: false } }),
    column({ name: 'name', type: 'nvarchar', length: 50, required: true, title: { zh: '昵称', en: 'Nickname' }, search: 'input' }),
    column({ name: 'phone', type: 'nvarchar', length: 20, required: true, title: { zh: '手机号', en: 'Phone' }, search: 'input', ui: { width: 140 } }),
    column({ name: 'avatar', type: 'image', title: { zh: '头像', en: 'Avatar' } }),
    column({ name: 'balance', type: 'money', defaultValue: 0, title: { zh: '余额(元)', en: 'Balance (CNY)' }, ui: { form: false } }),
    column({ name: 'gender', type: 'int', defaultValue: 0, enum: gender, title: { zh: '性别', en: 'Gender' }, search: 'select' }),
    column({
      name: 'createTime',
      type: 'datetime',
      serverFilled: true,
      title: { zh: '创建时间', en: 'Created' },
      ui: { width: 170, form: false, hidden: true },
    }),
  ],
};

/** Questions: references into two trees, rich text, a lazy default order. */
const questions: TableMeta = {
  flag: 'questionBank',
  title: { zh: '题库', en: 'Questions' },
  softDelete: true,
  source: 10000,
  primaryKey: 'id',
  dynamic: false,
  defaultSort: { column: 'id', direction: 'desc' },
  columns: [
    column({
      name: 'parentId',
      type: 'int',
      required: true,
      title: { zh: '所属科目', en: 'Subject' },
      search: 'cascader',
      references: 'questionsClass',
      reference: { flag: 'questionsClass', labelColumn: 'name', treeColumn: 'parentId' },
      ui: { width: 140 },
    }),
    column({
      name: 'typeId',
      type: 'int',
      title: { zh: '题目分类', en: 'Category' },
      search: 'select',
      references: 'questionsSmallClass',
      reference: { flag: 'questionsSmallClass', labelColumn: 'name', treeColumn: 'parentId' },
      ui: { width: 140 },
    }),
    column({
      name: 'name',
      type: 'nvarchar',
      length: 1000,
      required: true,
      title: { zh: '题目', en: 'Question' },
      search: 'input',
      ui: { width: 220, control: 'textarea' },
    }),
    column({ name: 'subject', type: 'ntext', sortable: false, title: { zh: '解析', en: 'Explanation' }, ui: { width: 220, hidden: true, control: 'editor' } }),
  ],
};

const field = (fields: FieldDef[], name: string) => fields.find((f) => f.name === name)!;
const formField = (config: { form: { fields: unknown[] } }, name: string) => (config.form.fields as FormValueField[]).find((f) => f.name === name);
const t = (key: string) => `T(${key})`;

describe('pageConfigFromMeta', () => {
  it('titles columns and labels enumerations in the current language, with their colours, from the metadata alone', () => {
    const zh = pageConfigFromMeta(members, { key: 'member', flag: 'sys_member' }, { lang: 'zh-CN' });
    expect(zh.title).toBe('小程序用户管理');
    expect(zh.fields.filter((f) => f.column !== false).map((f) => f.title)).toEqual(['昵称', '手机号', '头像', '余额(元)', '性别', '创建时间']);
    expect(field(zh.fields, 'gender').enum).toEqual([
      { value: 1, label: '男', color: 'blue' },
      { value: 2, label: '女', color: 'magenta' },
      { value: 0, label: '未知', color: 'default' },
    ]);
    const en = pageConfigFromMeta(members, { key: 'member', flag: 'sys_member' }, { lang: 'en-US' });
    expect(en.title).toBe('Mini-program members');
    expect(field(en.fields, 'gender').enum!.map((o) => o.label)).toEqual(['Male', 'Female', 'Unknown']);
    expect(field(en.fields, 'balance').title).toBe('Balance (CNY)');
    // the dialog's labels and options are the schema's, in both languages (the renderer picks one)
    expect(formField(en, 'gender')).toMatchObject({ kind: 'radio', label: { zh: '性别', en: 'Gender' }, defaultValue: 0 });
    expect((formField(en, 'gender') as { options: unknown[] }).options[1]).toEqual({ value: 2, label: { zh: '女', en: 'Female' } });
  });

  it('shows money, images and dates by type, hides what the metadata hides, and keeps server-kept columns out of the dialog', () => {
    const config = pageConfigFromMeta(members, { key: 'member', flag: 'sys_member' }, { lang: 'zh-CN' });
    expect(config.fields.map((f) => f.name)).toEqual(['name', 'phone', 'avatar', 'balance', 'gender', 'createTime']);
    expect(field(config.fields, 'balance').column).toMatchObject({ kind: 'money', sortable: true });
    expect(field(config.fields, 'avatar').column).toMatchObject({ kind: 'image', sortable: false });
    expect(field(config.fields, 'createTime').column).toEqual({ kind: 'dateTime', width: 170, hidden: true, sortable: true });
    expect(field(config.fields, 'phone').column).toMatchObject({ kind: 'text', width: 140 });
    // id is not listed; the balance and the creation time are shown, never edited
    expect(config.form.fields.map((f) => f.name)).toEqual(['name', 'phone', 'avatar', 'gender']);
    expect(formField(config, 'name')).toMatchObject({ kind: 'text', rules: { required: true, maxLength: 50 } });
    expect(formField(config, 'avatar')).toMatchObject({ kind: 'upload', listType: 'picture-card' });
    expect(config.sort).toEqual({ field: 'id', order: 'desc' });
    expect(config.tree).toBeUndefined();
    expect(config.rowKey).toBe('id');
  });

  it('offers the search fields the metadata names: a text box, a dropdown, a cascader', () => {
    const config = pageConfigFromMeta(questions, { key: 'q', flag: 'questionBank' }, { lang: 'zh-CN' });
    expect(config.fields.filter((f) => f.search).map((f) => [f.name, f.search])).toEqual([
      ['parentId', { kind: 'cascader' }],
      ['typeId', { kind: 'select' }],
      ['name', {}],
    ]);
    expect(field(config.fields, 'subject').search).toBeUndefined();
  });

  it('shows references by name and picks them from their table: a cascader over a tree, leaf only', () => {
    const config = pageConfigFromMeta(questions, { key: 'q', flag: 'questionBank' }, { lang: 'zh-CN' });
    expect(field(config.fields, 'parentId')).toMatchObject({
      options: { flag: 'questionsClass', labelField: 'name', treeParent: 'parentId' },
      column: { kind: 'ref', sortable: false },
    });
    expect(formField(config, 'parentId')).toMatchObject({
      kind: 'cascader',
      emitPath: false,
      options: { from: 'table', flag: 'questionsClass', valueField: 'id', labelField: 'name', parentField: 'parentId' },
      rules: { required: true },
    });
    expect(field(config.fields, 'subject').column).toMatchObject({ kind: 'html', hidden: true, sortable: false });
    expect(formField(config, 'subject')!.kind).toBe('richText');
  });

  it('lets the page’s overrides win: title, columns, search, reference options, dialog rules and kinds, code inputs, tree', () => {
    const OptionsEditor = () => null;
    const page: PageOverrides = {
      key: 'questionBank',
      flag: 'questionBank',
      titleKey: 'route.questionBank',
      tree: { parentField: 'parentId', mode: 'client' },
      sort: { field: 'name', order: 'asc' },
      fields: {
        parentId: { options: { sort: 'sortNum' } },
        typeId: { options: { treeParent: undefined, dependsOn: { field: 'parentId', whereField: 'subjectId' } }, column: { width: 99 } },
        name: { search: false, form: { rules: { patterns: [{ regex: '^1\\d{10}$', message: { zh: '手机号格式错误', en: 'Invalid phone number' } }] } } },
        subject: { column: false, component: OptionsEditor },
      },
    };
    const config = pageConfigFromMeta(questions, page, { lang: 'zh-CN', t });
    expect(config.title).toBe('T(route.questionBank)');
    expect(config.tree).toEqual({ parentField: 'parentId', mode: 'client' });
    expect(config.sort).toEqual({ field: 'name', order: 'asc' });
    expect(field(config.fields, 'name').search).toBeUndefined();
    expect(config.fields.find((f) => f.name === 'subject')).toBeUndefined();
    expect(field(config.fields, 'typeId').column).toMatchObject({ width: 99, kind: 'ref' });
    // a flat list of the chosen subject's categories, in the search bar and in the dialog
    expect(field(config.fields, 'typeId').options).toEqual({
      flag: 'questionsSmallClass',
      labelField: 'name',
      treeParent: undefined,
      dependsOn: { field: 'parentId', whereField: 'subjectId' },
    });
    expect(formField(config, 'typeId')).toEqual({
      name: 'typeId',
      label: { zh: '题目分类', en: 'Category' },
      kind: 'select',
      filterable: true,
      options: { from: 'table', flag: 'questionsSmallClass', valueField: 'id', labelField: 'name', dependsOn: { field: 'parentId', whereField: 'subjectId' } },
    });
    expect(formField(config, 'parentId')).toMatchObject({ kind: 'cascader', options: { sort: 'sortNum', parentField: 'parentId' } });
    // the page's rules join the metadata's
    expect(formField(config, 'name')!.rules).toEqual({
      required: true,
      maxLength: 1000,
      patterns: [{ regex: '^1\\d{10}$', message: { zh: '手机号格式错误', en: 'Invalid phone number' } }],
    });
    // the code-level input is the page's, not the schema's: the schema still holds the field
    expect(config.formComponents).toEqual({ subject: OptionsEditor });
    expect(formField(config, 'subject')!.kind).toBe('richText');

    // another kind replaces the field and keeps its options and its required rule
    const asSelect = pageConfigFromMeta(
      members,
      { key: 'm', flag: 'sys_member', fields: { gender: { form: { kind: 'select' } }, avatar: { form: false } } },
      { lang: 'zh-CN' },
    );
    const radios = formField(pageConfigFromMeta(members, { key: 'm', flag: 'sys_member' }, { lang: 'zh-CN' }), 'gender') as FormValueField & {
      options: unknown;
    };
    expect(formField(asSelect, 'gender')).toEqual({ name: 'gender', label: { zh: '性别', en: 'Gender' }, kind: 'select', options: radios.options });
    expect(radios.options).toHaveLength(3);
    expect(formField(asSelect, 'avatar')).toBeUndefined();
    // the page's order first, in the list, the search bar and the dialog
    const reordered = pageConfigFromMeta(questions, { key: 'q', flag: 'questionBank', order: ['name', 'subject'] }, { lang: 'zh-CN' });
    expect(reordered.fields.map((f) => f.name)).toEqual(['name', 'subject', 'parentId', 'typeId']);
    expect(reordered.form.fields.map((f) => f.name)).toEqual(['name', 'subject', 'parentId', 'typeId']);
    // a reference whose default is 0 (a top-level parent) is empty in the dialog and saves 0 again when emptied
    const subjects: TableMeta = {
      ...questions,
      columns: [
        column({
          name: 'parentId',
          type: 'int',
          defaultValue: 0,
          title: { zh: '上级', en: 'Parent' },
          references: 'x',
          reference: { flag: 'x', labelColumn: 'name', treeColumn: 'parentId' },
        }),
      ],
    };
    const tree = pageConfigFromMeta(subjects, { key: 's', flag: 'x', toParams: (v) => ({ ...v, seen: true }) }, { lang: 'zh-CN' });
    expect(tree.toForm!({ id: 3, parentId: 0 })).toEqual({ id: 3, parentId: undefined });
    expect(tree.toForm!({ id: 4, parentId: 3 })).toEqual({ id: 4, parentId: 3 });
    expect(tree.toParams!({ parentId: null }, undefined)).toEqual({ parentId: 0, seen: true });
    expect(tree.toParams!({ parentId: 5 }, undefined)).toEqual({ parentId: 5, seen: true });
    // false leaves a tree flat
    expect(
      pageConfigFromMeta({ ...questions, tree: { parentColumn: 'parentId', mode: 'lazy' } }, { key: 'q', flag: 'questionBank', tree: false }, { lang: 'zh-CN' })
        .tree,
    ).toBeUndefined();
  });

  it('types in the key of a runtime table keyed by another column than id, and names its rows by it', () => {
    const regions: TableMeta = {
      flag: 'region',
      title: { zh: '地区', en: 'Regions' },
      softDelete: false,
      source: 10000,
      primaryKey: 'code',
      dynamic: true,
      columns: [
        column({ name: 'code', type: 'nvarchar', length: 10, required: true, title: { zh: '代码', en: 'Code' }, search: 'input' }),
        column({ name: 'label', type: 'nvarchar', length: 50, title: { zh: '名称', en: 'Name' }, search: 'input' }),
      ],
    };
    const config = pageConfigFromMeta(regions, { key: 'region', flag: 'region' }, { lang: 'en-US' });
    expect(config.rowKey).toBe('code');
    expect(config.title).toBe('Regions');
    expect(config.fields.map((f) => [f.name, f.title])).toEqual([
      ['code', 'Code'],
      ['label', 'Name'],
    ]);
    expect(formField(config, 'code')).toMatchObject({ kind: 'text', rules: { required: true, maxLength: 10 } });
  });

  it('shows a creator column by the account name the list answers beside the id, else the id', () => {
    const meta: TableMeta = {
      ...members,
      columns: [
        ...members.columns,
        column({
          name: 'createdBy',
          type: 'int',
          serverFilled: true,
          creator: true,
          title: { zh: '创建人', en: 'Created by' },
          ui: { hidden: true, form: false },
        }),
      ],
    };
    const config = pageConfigFromMeta(meta, { key: 'member', flag: 'sys_member' }, { lang: 'zh-CN' });
    const field = config.fields.find((f) => f.name === 'createdBy')!;
    const options = field.column as {
      render?: (v: unknown, row: Record<string, unknown>) => unknown;
      text?: (v: unknown, row: Record<string, unknown>) => string;
    };
    expect(options.render!(7, { createdBy: 7, createdByName: '编辑甲' })).toBe('编辑甲');
    expect(options.text!(7, { createdBy: 7, createdByName: null })).toBe('7');
    expect(options.text!(null, { createdBy: null, createdByName: null })).toBe('');
  });
});
