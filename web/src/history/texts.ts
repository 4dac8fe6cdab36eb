import i18n from '../i18n/index.ts';

/** Texts of a row's history and of the deleted rows (issue 23, docs/history.md), in their own namespace `history:`. */
export const HISTORY_NS = 'history';

const zhCN = {
  action: '历史',
  deletedRows: '回收站',
  title: '历史记录：{{name}}',
  deletedTitle: '回收站：{{title}}',
  loading: '正在读取历史记录…',
  empty: '这条数据还没有历史记录',
  emptyDeleted: '没有可以恢复的已删除数据',
  deletedNote: '这条数据已删除：先恢复删除，才能恢复到某个版本。',
  current: '当前版本',
  system: '系统',
  field: '字段',
  before: '修改前',
  after: '修改后',
  none: '（空）',
  removedColumn: '{{name}}（字段已删除）',
  deletedReference: '{{label}}（已删除）',
  noFields: '没有字段变化',
  cut: '内容过长，未完整保存',
  restore: '恢复到此版本',
  restoreConfirm: '把这条数据恢复到 {{time}} 的版本？恢复本身也会记入历史。',
  undelete: '恢复',
  undeleteConfirm: '恢复这条已删除的数据？',
  restoredNothing: '数据已经是这个版本，无需恢复',
  label: '名称',
  key: '主键',
  deletedBy: '删除人',
  deletedAt: '删除时间',
  actions: {
    create: '新增',
    save: '保存',
    delete: '删除',
    masterSlave: '主从保存',
    import: '导入',
    restore: '恢复版本',
    undelete: '恢复删除',
  },
};

const enUS: typeof zhCN = {
  action: 'History',
  deletedRows: 'Deleted rows',
  title: 'History: {{name}}',
  deletedTitle: 'Deleted rows: {{title}}',
  loading: 'Reading the history…',
  empty: 'This row has no history yet',
  emptyDeleted: 'No deleted rows to bring back',
  deletedNote: 'This row is deleted: bring it back before restoring a revision.',
  current: 'Current',
  system: 'System',
  field: 'Field',
  before: 'Before',
  after: 'After',
  none: '(empty)',
  removedColumn: '{{name}} (column removed)',
  deletedReference: '{{label}} (deleted)',
  noFields: 'No field changed',
  cut: 'Too long, not kept whole',
  restore: 'Restore this revision',
  restoreConfirm: 'Restore this row to its revision of {{time}}? The restore is itself kept in the history.',
  undelete: 'Restore',
  undeleteConfirm: 'Bring this deleted row back?',
  restoredNothing: 'The row is already in that state',
  label: 'Name',
  key: 'Key',
  deletedBy: 'Deleted by',
  deletedAt: 'Deleted at',
  actions: {
    create: 'Created',
    save: 'Saved',
    delete: 'Deleted',
    masterSlave: 'Saved with its rows',
    import: 'Imported',
    restore: 'Restored',
    undelete: 'Undeleted',
  },
};

// deep and overwriting: a hot reload in development replaces the texts
i18n.addResourceBundle('zh-CN', HISTORY_NS, zhCN, true, true);
i18n.addResourceBundle('en-US', HISTORY_NS, enUS, true, true);

export { zhCN as historyTextsZhCN, enUS as historyTextsEnUS };
