import type { EnumValue } from '../api/types.ts';
import { createdBy, createTime, createTimeHidden } from './columns.ts';
import { ALL, EDIT, group, page, t } from './declare.ts';
import type { ColumnDef } from './tableTypes.ts';

/** 题库管理: the subjects, the categories and the questions, each page with its table. */

const isUpEnum: EnumValue[] = [
  { value: 0, label: t('未上架', 'Off shelf'), color: 'default' },
  { value: 1, label: t('已上架', 'On shelf'), color: 'green' },
];
const isUp: ColumnDef = {
  name: 'isUp',
  type: 'int',
  defaultValue: 0,
  enum: isUpEnum,
  title: t('上架状态', 'Shelf status'),
  search: 'select',
  ui: { width: 130, control: 'radio' },
};
const sortNum: ColumnDef = { name: 'sortNum', type: 'int', defaultValue: 0, title: t('排序', 'Order'), ui: { width: 100, min: 0 } };
const cover: ColumnDef = { name: 'cover', type: 'image', title: t('封面', 'Cover') };

const questionsClass = page('questionsClass', '考题科目', 'Subjects', 'ReadOutlined', { questionsClass: EDIT }, [
  {
    flag: 'questionsClass',
    referable: true,
    title: t('考题科目', 'Question subjects'),
    softDelete: true,
    defaultSort: { column: 'sortNum', direction: 'asc' },
    tree: { parentColumn: 'parentId', mode: 'lazy' },
    columns: [
      { name: 'name', type: 'nvarchar', length: 100, required: true, title: t('科目名称', 'Subject name'), search: 'input', ui: { width: 200 } },
      {
        name: 'parentId',
        type: 'int',
        defaultValue: 0,
        cascader: true,
        references: 'questionsClass',
        title: t('上级科目', 'Parent subject'),
        ui: { optional: true },
      },
      cover,
      isUp,
      sortNum,
      createTime,
      createdBy,
    ],
    indexes: [['isdelete', 'parentId', 'sortNum']],
  },
]);

const questionsSmallClass = page('questionsSmallClass', '题目分类', 'Categories', 'TagsOutlined', { questionsSmallClass: ALL }, [
  {
    flag: 'questionsSmallClass',
    referable: true,
    title: t('题目分类', 'Question categories'),
    softDelete: true,
    defaultSort: { column: 'sortNum', direction: 'asc' },
    tree: { parentColumn: 'parentId', mode: 'lazy' },
    columns: [
      { name: 'mid', type: 'int', title: t('编号', 'Number'), ui: { list: false, form: false } },
      { name: 'name', type: 'nvarchar', length: 100, required: true, title: t('分类名称', 'Category name'), search: 'input', ui: { width: 220 } },
      {
        name: 'parentId',
        type: 'int',
        defaultValue: 0,
        cascader: true,
        references: 'questionsSmallClass',
        title: t('上级分类', 'Parent category'),
        ui: { hidden: true, optional: true },
      },
      { name: 'subjectId', type: 'int', cascader: true, references: 'questionsClass', title: t('所属科目', 'Subject'), search: 'cascader' },
      { name: 'typeId', type: 'nvarchar', length: 500, list: true, title: t('科目路径', 'Subject path'), ui: { list: false, form: false } },
      cover,
      isUp,
      sortNum,
      createTime,
      createdBy,
    ],
    indexes: [
      ['isdelete', 'subjectId'],
      ['isdelete', 'parentId'],
    ],
  },
]);

const questionBank = page('questionBank', '题库', 'Questions', 'FileTextOutlined', { questionBank: ALL }, [
  {
    flag: 'questionBank',
    referable: true,
    title: t('题库', 'Questions'),
    softDelete: true,
    defaultSort: { column: 'id', direction: 'desc' },
    columns: [
      {
        name: 'parentId',
        type: 'int',
        required: true,
        cascader: true,
        references: 'questionsClass',
        title: t('所属科目', 'Subject'),
        search: 'cascader',
        ui: { width: 140 },
      },
      {
        name: 'typeId',
        type: 'int',
        cascader: true,
        references: 'questionsSmallClass',
        title: t('题目分类', 'Category'),
        search: 'select',
        ui: { width: 140 },
      },
      { name: 'name', type: 'nvarchar', length: 1000, required: true, title: t('题目', 'Question'), search: 'input', ui: { width: 220, control: 'textarea' } },
      { name: 'options', type: 'ntext', title: t('选项', 'Options'), ui: { width: 220 } },
      { name: 'correctOptions', type: 'nvarchar', length: 50, title: t('正确答案', 'Correct answer'), ui: { width: 100 } },
      { name: 'subject', type: 'ntext', title: t('解析', 'Explanation'), ui: { width: 220, hidden: true, control: 'editor' } },
      createTimeHidden,
      createdBy,
    ],
    // the list call filters on isdelete + parentId (+ typeId) and orders by id: these make both the page and its COUNT index-only
    indexes: [
      ['isdelete', 'parentId', 'id'],
      ['isdelete', 'typeId', 'id'],
    ],
  },
]);

export const questionGroup = group('questionGroup', '题库管理', 'Question bank', 'BookOutlined', [questionsClass, questionsSmallClass, questionBank]);
