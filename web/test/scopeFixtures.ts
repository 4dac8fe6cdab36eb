import type { ColumnMeta, TableMeta } from '@qb/contracts';

/** 题库 and 考题科目 as GET /api/schema/:flag answers them (server/src/schema/builtin.ts), for the 数据范围 tests. */
const col = (name: string, type: ColumnMeta['type'], zh: string, en: string, extra: Partial<ColumnMeta> = {}): ColumnMeta => ({
  name,
  type,
  title: { zh, en },
  required: false,
  filterable: true,
  sortable: true,
  ...extra,
});
const base = { softDelete: true, source: 10000, primaryKey: 'id', dynamic: false, referable: true } as const;
const createdBy = col('createdBy', 'int', '创建人', 'Created by', { serverFilled: true, ui: { width: 100, form: false, hidden: true } });

export const questionBankMeta: TableMeta = {
  ...base,
  flag: 'questionBank',
  title: { zh: '题库', en: 'Questions' },
  defaultSort: { column: 'id', direction: 'desc' },
  columns: [
    col('id', 'int', 'ID', 'ID', { ui: { list: false, form: false } }),
    col('parentId', 'int', '所属科目', 'Subject', {
      required: true,
      references: 'questionsClass',
      reference: { flag: 'questionsClass', labelColumn: 'name', treeColumn: 'parentId' },
      search: 'cascader',
      ui: { width: 140 },
    }),
    col('typeId', 'int', '题目分类', 'Category', {
      references: 'questionsSmallClass',
      reference: { flag: 'questionsSmallClass', labelColumn: 'name', treeColumn: 'parentId' },
      search: 'select',
      ui: { width: 140 },
    }),
    col('name', 'nvarchar', '题目', 'Question', { length: 1000, required: true, search: 'input', ui: { width: 220, control: 'textarea' } }),
    col('correctOptions', 'nvarchar', '正确答案', 'Correct answer', { length: 50 }),
    createdBy,
  ],
};

/** A table that records no creator: 仅本人创建 is not offered for it. */
export const configMeta: TableMeta = {
  ...base,
  flag: 'sys_config',
  title: { zh: '系统配置', en: 'Settings' },
  columns: [col('name', 'nvarchar', '名称', 'Name', { search: 'input' }), col('value', 'nvarchar', '值', 'Value')],
};

export const subjects = [
  { id: 4, name: '公务员考试', parentId: 0 },
  { id: 5, name: '行政职业能力测验', parentId: 4 },
  { id: 6, name: '申论', parentId: 4 },
  { id: 7, name: '英语四级', parentId: 0 },
];
