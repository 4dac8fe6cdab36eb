import type { EnumValue } from '../api/types.ts';
import { createTimeHidden, genderEnum } from './columns.ts';
import { EDIT, group, page, READ, t } from './declare.ts';

/** 示例页面: sample pages, and the test list's table. */

const statusEnum: EnumValue[] = [
  { value: 1, label: t('正常', 'Normal'), color: 'green' },
  { value: 0, label: t('停用', 'Inactive'), color: 'default' },
];
const markEnum: EnumValue[] = [
  { value: 1, label: t('热门', 'Hot'), color: 'red' },
  { value: 2, label: t('推荐', 'Recommended'), color: 'blue' },
  { value: 3, label: t('精选', 'Featured'), color: 'gold' },
];

const testList = page('testList', '测试列表', 'Test list', 'ProfileOutlined', { testList: EDIT }, [
  {
    flag: 'testList',
    title: t('测试列表', 'Test list'),
    softDelete: true,
    columns: [
      { name: 'name', type: 'nvarchar', length: 50, required: true, title: t('姓名', 'Name'), search: 'input', ui: { width: 80 } },
      { name: 'age', type: 'int', title: t('年龄', 'Age'), ui: { width: 60, min: 0, max: 150 } },
      {
        name: 'sex',
        type: 'int',
        defaultValue: 1,
        enum: genderEnum.filter((o) => o.value !== 0),
        title: t('性别', 'Sex'),
        search: 'select',
        ui: { width: 84 },
      },
      { name: 'avatar', type: 'image', title: t('头像', 'Avatar'), ui: { width: 70 } },
      { name: 'desc', type: 'nvarchar', length: 500, title: t('描述', 'Description'), ui: { width: 120, control: 'textarea' } },
      { name: 'lvl', type: 'int', title: t('等级', 'Level'), ui: { width: 80, min: 1, max: 10 } },
      { name: 'status', type: 'int', defaultValue: 1, enum: statusEnum, title: t('状态', 'Status'), search: 'select', ui: { width: 90 } },
      { name: 'mark', type: 'nvarchar', length: 50, list: true, enum: markEnum, title: t('标签', 'Tags'), ui: { width: 236 } },
      createTimeHidden,
    ],
  },
]);
const testThree = page('testThree', '示例表格', 'Demo table', 'TableOutlined', {});
const roleList = page('roleList', '角色列表', 'Role list', 'SolutionOutlined', { sys_role: EDIT });
const userList = page('userList', '用户列表', 'User list', 'IdcardOutlined', { sys_user: READ });

export const samplesGroup = group('samples', '示例页面', 'Samples', 'AppstoreOutlined', [
  group('sampleLists', '列表示例', 'List samples', 'UnorderedListOutlined', [testList, testThree]),
  roleList,
  userList,
]);
