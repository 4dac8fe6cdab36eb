import i18n from '../i18n/index.ts';

/** Texts of the generic table import (docs/import.md "Import into any table"), in their own namespace `tableImport:`. */
export const TABLE_IMPORT_NS = 'tableImport';

const zhCN = {
  toolbar: { import: '导入' },
  title: '导入{{table}}',
  hint: '每行一条数据，按模板的表头填写（带 * 的列必填）。任一行有误则整个文件都不写入，并按行列出问题。',
  noInsert: '您的字段权限不含新增数据必须填写的字段：只能更新已存在的数据，文件中的新数据会作为错误列出。',
  field: {
    keyColumn: '去重字段',
    mode: '已存在时',
    file: '文件',
  },
  help: {
    keyColumn: '文件中此列的值与已有数据相同即视为已存在；同一文件中不能重复。',
    unique: '{{columns}}不能重复：默认按它匹配；按其他列匹配时，已有的{{columns}}也不会再写入。',
  },
  mode: {
    insert: '跳过',
    update: '更新',
  },
  message: {
    oneFile: '一次只能导入一个文件',
    success: '导入成功',
    refused: '文件中有数据不正确，未导入',
    failed: '导入失败：{{message}}',
  },
  result: {
    updated: '更新',
    ignored: '以下列由系统维护，已忽略：{{columns}}',
  },
  template: { file: '{{table}}-导入模板' },
};

type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };

const enUS: Shape<typeof zhCN> = {
  toolbar: { import: 'Import' },
  title: 'Import into {{table}}',
  hint: "One row per record under the template's header (columns marked * are required). If any row is invalid, nothing from the file is written and the problems are listed by row.",
  noInsert:
    'Your field permissions leave out a column every new record needs: existing records can be updated, and new rows in the file are listed as problems.',
  field: {
    keyColumn: 'Match on',
    mode: 'When it exists',
    file: 'File',
  },
  help: {
    keyColumn: 'A row whose value in this column a record already has is that record; a value may not repeat in the file.',
    unique:
      '{{columns}} must be unique: rows are matched on it by default, and matched on another column, an existing {{columns}} is still never written again.',
  },
  mode: {
    insert: 'Skip',
    update: 'Update',
  },
  message: {
    oneFile: 'Import one file at a time',
    success: 'Import successful',
    refused: 'Some rows are invalid; nothing was imported',
    failed: 'Import failed: {{message}}',
  },
  result: {
    updated: 'Updated',
    ignored: 'Kept by the system, ignored: {{columns}}',
  },
  template: { file: '{{table}}-import-template' },
};

i18n.addResourceBundle('zh-CN', TABLE_IMPORT_NS, zhCN, true, true);
i18n.addResourceBundle('en-US', TABLE_IMPORT_NS, enUS, true, true);

export { zhCN as tableImportTextsZhCN, enUS as tableImportTextsEnUS };
