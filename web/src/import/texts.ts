import i18n from '../i18n/index.ts';

/**
 * Texts of the import and export dialogs, in their own i18next namespace (`import:`) so that the shell's
 * zh-CN.ts / en-US.ts stay untouched. SPEC.md §5 and §8 give the messages in English: en-US keeps those
 * words, zh-CN says them in plain Chinese.
 */
export const IMPORT_NS = 'import';

const zhCN = {
  toolbar: {
    importQuestions: '导入',
    exportQuestions: '导出题目',
    importCategories: '导入分类',
  },
  title: {
    question: '导入题目',
    category: '导入分类',
    export: '导出题目',
  },
  field: {
    questionSubject: '题目科目',
    questionCategory: '题目分类',
    subject: '科目',
    files: '模板文件',
    exportCategory: '题目分类',
  },
  placeholder: {
    subject: '选择科目',
    category: '选择分类',
    categoryFirst: '请先选择科目',
    allCategories: '不选则导出整个科目',
  },
  message: {
    selectQuestionSubject: '请选择题目科目',
    selectQuestionCategory: '请选择题目分类',
    uploadTemplate: '请上传模板文件',
    xlsOnly: '请上传 xls 文件（也支持 xlsx 和 csv）',
    selectSubject: '请选择科目',
    stillUploading: '文件还在上传，请稍候',
    uploadFailed: '{{name}} 上传失败：{{message}}',
    importSuccessful: '导入成功',
    importPartly: '导入完成：{{failed}} 个文件未导入，请查看导入结果',
    importFailed: '导入失败：{{failed}} 个文件未导入，请查看导入结果',
    importStopped: '导入已中断',
    exported: '已导出 {{name}}',
  },
  hint: {
    question: '每个文件导入到所选分类下与文件同名的分类中（没有则自动新建）；同一分类中题干相同的题目会跳过，重复导入不会产生重复题目。',
    category: '文件中的分类导入到所选科目下；已存在的同名分类会跳过。',
    export: '按导入模板的格式导出为 .xlsx，可直接导入到其他分类。不选分类时导出整个科目的题目。',
  },
  upload: {
    drop: '点击或拖拽文件到这里',
    types: '支持 .xls、.xlsx、.csv，可多选，单个文件不超过 20 MB',
    typesOne: '支持 .xls、.xlsx、.csv，一个文件，不超过 20 MB',
    uploading: '上传中...',
  },
  template: {
    label: '下载模板：',
    xls: 'xls 模板',
    xlsx: 'xlsx 模板',
    fileQuestion: '题目导入模板',
    fileCategory: '分类导入模板',
  },
  button: {
    confirm: '确定',
    cancel: '取消',
    close: '关闭',
    addingCategories: '正在添加分类...',
    importing: '正在导入...',
    importingOf: '正在导入 {{current}}/{{total}}...',
    success: '导入成功',
    failedRetry: '导入失败，重试',
    partlyRetry: '{{failed}} 个文件未导入，重试',
    export: '导出',
    exporting: '正在导出...',
  },
  result: {
    title: '导入结果',
    into: '导入到分类：{{name}}',
    newCategory: '新建',
    categoryRemoved: '新建的空分类已删除',
    waiting: '等待导入',
    running: '正在导入',
    imported: '已导入',
    refused: '未导入',
    failed: '导入失败',
    notRun: '未执行',
    rows: '总行数',
    inserted: '新增',
    skipped: '跳过',
    rejected: '有误',
    refusedNote: '文件中有数据不正确，整个文件都没有写入。请按行号改正后重新导入。',
    problemsShown: '只列出前 {{shown}} 个问题，共 {{total}} 行有误。',
    row: '行号',
    column: '列',
    problem: '问题',
  },
  export: {
    fileSuffix: '题目',
  },
};

export type ImportTexts = typeof zhCN;

type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };

const enUS: Shape<ImportTexts> = {
  toolbar: {
    importQuestions: 'Import',
    exportQuestions: 'Export questions',
    importCategories: 'Import categories',
  },
  title: {
    question: 'Import questions',
    category: 'Import categories',
    export: 'Export questions',
  },
  field: {
    questionSubject: 'Subject',
    questionCategory: 'Category',
    subject: 'Subject',
    files: 'Files',
    exportCategory: 'Category',
  },
  placeholder: {
    subject: 'Choose a subject',
    category: 'Choose a category',
    categoryFirst: 'Choose a subject first',
    allCategories: 'Empty: the whole subject',
  },
  message: {
    selectQuestionSubject: 'Please select question subject',
    selectQuestionCategory: 'Please select question category',
    uploadTemplate: 'Please upload template file',
    xlsOnly: 'Please upload xls files (xlsx and csv are accepted too)',
    selectSubject: 'Please select subject',
    stillUploading: 'Files are still uploading, please wait',
    uploadFailed: 'Upload of {{name}} failed: {{message}}',
    importSuccessful: 'Import successful',
    importPartly: 'Import finished. Files not imported: {{failed}}; see the results',
    importFailed: 'Import failed. Files not imported: {{failed}}; see the results',
    importStopped: 'Import stopped',
    exported: 'Exported {{name}}',
  },
  hint: {
    question:
      'Each file goes into a category named after it, below the chosen one (created if missing). Stems already in that category are skipped, so re-imports add nothing.',
    category: 'The categories of the file are added to the chosen subject; a category that already exists is skipped.',
    export: 'Exported as .xlsx in the import template layout, ready to import into another category. Without a category, the whole subject is exported.',
  },
  upload: {
    drop: 'Click or drag files here',
    types: '.xls, .xlsx or .csv; several at once; up to 20 MB each',
    typesOne: '.xls, .xlsx or .csv; one file up to 20 MB',
    uploading: 'Uploading...',
  },
  template: {
    label: 'Templates:',
    xls: '.xls template',
    xlsx: '.xlsx template',
    fileQuestion: 'question-import-template',
    fileCategory: 'category-import-template',
  },
  button: {
    confirm: 'Confirm',
    cancel: 'Cancel',
    close: 'Close',
    addingCategories: 'Adding categories...',
    importing: 'Importing...',
    importingOf: 'Importing {{current}}/{{total}}...',
    success: 'Import successful',
    failedRetry: 'Import failed, retry',
    partlyRetry: '{{failed}} not imported, retry',
    export: 'Export',
    exporting: 'Exporting...',
  },
  result: {
    title: 'Import results',
    into: 'Into category: {{name}}',
    newCategory: 'new',
    categoryRemoved: 'new empty category removed',
    waiting: 'Waiting',
    running: 'Importing',
    imported: 'Imported',
    refused: 'Not imported',
    failed: 'Failed',
    notRun: 'Not run',
    rows: 'Rows',
    inserted: 'Inserted',
    skipped: 'Skipped',
    rejected: 'Rejected',
    refusedNote: 'Some rows are invalid, so nothing from this file was written. Fix the rows below and import the file again.',
    problemsShown: 'Only the first {{shown}} problems are listed; {{total}} rows are invalid.',
    row: 'Row',
    column: 'Column',
    problem: 'Problem',
  },
  export: {
    fileSuffix: 'questions',
  },
};

// deep and overwriting: a hot reload in development replaces the texts
i18n.addResourceBundle('zh-CN', IMPORT_NS, zhCN, true, true);
i18n.addResourceBundle('en-US', IMPORT_NS, enUS, true, true);

export { zhCN as importTextsZhCN, enUS as importTextsEnUS };
