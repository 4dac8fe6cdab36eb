import { createTime, yesNoEnum } from './columns.ts';
import { EDIT, group, page, t } from './declare.ts';

/** 开发工具: the form designer and the form definitions it keeps (their rules: forms/hooks.ts). */

const layTable = page('layTable', '表单设计', 'Form designer', 'FormOutlined', { sys_layTable: EDIT, sys_connsql: ['view'] }, [
  {
    flag: 'sys_layTable',
    system: true,
    title: t('表单定义', 'Form definitions'),
    softDelete: true,
    columns: [
      { name: 'name', type: 'nvarchar', length: 100, required: true, title: t('表单名称', 'Form name'), search: 'input' },
      { name: 'tableKey', type: 'nvarchar', length: 100, title: t('表单标识', 'Form key') },
      { name: 'tableName', type: 'nvarchar', length: 64, title: t('数据表', 'Data table') },
      { name: 'databaseId', type: 'int', references: 'sys_connsql', labelColumn: 'databaseName', title: t('所属数据库', 'Database'), search: 'select' },
      { name: 'isCreateTable', type: 'int', defaultValue: 0, enum: yesNoEnum, title: t('自动建表', 'Create table'), search: 'select' },
      { name: 'formJson', type: 'ntext', title: t('表单结构', 'Form schema'), ui: { list: false, form: false } },
      createTime,
    ],
  },
]);

export const devToolsGroup = group('devTools', '开发工具', 'Developer tools', 'ToolOutlined', [layTable]);
