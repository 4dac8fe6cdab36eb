import type { ReactNode } from 'react';
import {
  ApiOutlined,
  AppstoreOutlined,
  BookOutlined,
  ClusterOutlined,
  DatabaseOutlined,
  DollarOutlined,
  FileTextOutlined,
  FormOutlined,
  HomeOutlined,
  LockOutlined,
  MenuOutlined,
  QuestionCircleOutlined,
  ScheduleOutlined,
  SettingOutlined,
  TableOutlined,
  TeamOutlined,
  ToolOutlined,
  UserOutlined,
  WalletOutlined,
} from '@ant-design/icons';

/**
 * sys_menu.icon holds a name chosen by an operator (often an Element UI name such as 'el-icon-setting').
 * or an antd name (the seed uses 'SettingOutlined'). Only a small set is bundled (the full icon set is megabytes):
 * a name is matched by the words it contains.
 */
const ICONS: [RegExp, ReactNode][] = [
  [/^appstore/, <AppstoreOutlined />],
  [/tool/, <ToolOutlined />],
  [/home|dashboard|index/, <HomeOutlined />],
  [/setting|system|config|tools/, <SettingOutlined />],
  [/permission|lock|key|auth/, <LockOutlined />],
  [/role|team|peoples|group/, <TeamOutlined />],
  [/user|member|avatar|person/, <UserOutlined />],
  [/menu|list|nav/, <MenuOutlined />],
  [/database|coin|server|data/, <DatabaseOutlined />],
  [/conn|link|api/, <ApiOutlined />],
  [/table|grid/, <TableOutlined />],
  [/form|edit|design/, <FormOutlined />],
  [/question|help/, <QuestionCircleOutlined />],
  [/book|read|subject|class/, <BookOutlined />],
  [/money|dollar|bill|price/, <DollarOutlined />],
  [/wallet|cash|withdraw/, <WalletOutlined />],
  [/task|schedule|date|time/, <ScheduleOutlined />],
  [/tree|cluster|partition/, <ClusterOutlined />],
];

export function menuIcon(name: string | null, isGroup: boolean): ReactNode {
  const key = (name ?? '').toLowerCase();
  if (key) {
    for (const [pattern, icon] of ICONS) if (pattern.test(key)) return icon;
  }
  return isGroup ? <AppstoreOutlined /> : <FileTextOutlined />;
}
