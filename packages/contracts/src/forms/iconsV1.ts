import { FORM_ICONS, type FormIcon } from './types.ts';

// Version 1 icons: form-generator names Element UI icons ('el-icon-user'); version 2 holds antd names (FORM_ICONS).

/** Element UI icon names (without `el-icon-`) that have a counterpart among FORM_ICONS. */
const ELEMENT_ICONS: Record<string, FormIcon> = {
  house: 'HomeOutlined',
  's-home': 'HomeOutlined',
  menu: 'MenuOutlined',
  's-grid': 'AppstoreOutlined',
  setting: 'SettingOutlined',
  's-tools': 'ToolOutlined',
  lock: 'LockOutlined',
  unlock: 'LockOutlined',
  key: 'KeyOutlined',
  user: 'UserOutlined',
  'user-solid': 'UserOutlined',
  's-custom': 'TeamOutlined',
  postcard: 'IdcardOutlined',
  date: 'CalendarOutlined',
  time: 'ScheduleOutlined',
  'alarm-clock': 'ScheduleOutlined',
  document: 'FileTextOutlined',
  tickets: 'ProfileOutlined',
  'notebook-1': 'BookOutlined',
  'notebook-2': 'BookOutlined',
  reading: 'ReadOutlined',
  question: 'QuestionCircleOutlined',
  money: 'DollarOutlined',
  wallet: 'WalletOutlined',
  coin: 'AccountBookOutlined',
  link: 'LinkOutlined',
  connection: 'ApiOutlined',
  picture: 'PictureOutlined',
  'picture-outline': 'PictureOutlined',
  bell: 'BellOutlined',
  cloudy: 'CloudOutlined',
  'data-analysis': 'BarChartOutlined',
  'data-line': 'BarChartOutlined',
  's-data': 'BarChartOutlined',
  's-shop': 'ShopOutlined',
  'shopping-bag-1': 'ShopOutlined',
  'price-tag': 'TagsOutlined',
  'collection-tag': 'TagsOutlined',
  trophy: 'TrophyOutlined',
  medal: 'TrophyOutlined',
  's-check': 'AuditOutlined',
  edit: 'FormOutlined',
  'edit-outline': 'FormOutlined',
  coordinate: 'ClusterOutlined',
  's-operation': 'UnorderedListOutlined',
  position: 'GlobalOutlined',
};

/**
 * The version 2 icon of a version 1 icon name: an Element UI name with a counterpart ('el-icon-user' ->
 * UserOutlined), or a name of FORM_ICONS as is; anything else (empty, unknown, 'el-icon-mobile') is dropped.
 */
export function formIconFromV1(name: unknown): FormIcon | undefined {
  if (typeof name !== 'string') return undefined;
  const text = name.trim();
  if ((FORM_ICONS as readonly string[]).includes(text)) return text as FormIcon;
  const m = /^el-icon-([a-z0-9-]+)$/.exec(text);
  return m ? ELEMENT_ICONS[m[1]!] : undefined;
}
