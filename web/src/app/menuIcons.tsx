import type { ReactNode } from 'react';
import {
  AccountBookOutlined,
  ApiOutlined,
  AppstoreOutlined,
  AuditOutlined,
  BarChartOutlined,
  BellOutlined,
  BookOutlined,
  CalendarOutlined,
  CloudOutlined,
  ClusterOutlined,
  DatabaseOutlined,
  DollarOutlined,
  FileTextOutlined,
  FormOutlined,
  GlobalOutlined,
  HomeOutlined,
  IdcardOutlined,
  KeyOutlined,
  LinkOutlined,
  LockOutlined,
  LoginOutlined,
  MenuOutlined,
  PictureOutlined,
  ProfileOutlined,
  QuestionCircleOutlined,
  ReadOutlined,
  SafetyOutlined,
  ScheduleOutlined,
  SettingOutlined,
  ShopOutlined,
  SolutionOutlined,
  TableOutlined,
  TagsOutlined,
  TeamOutlined,
  ToolOutlined,
  TrophyOutlined,
  UnorderedListOutlined,
  UserOutlined,
  UserSwitchOutlined,
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

/**
 * The icons an operator picks from (the menu page's icon picker), by their antd names: each renders as itself.
 * Names stored before (Element UI names) still render through the word patterns below.
 */
export const MENU_ICON_CHOICES: { name: string; icon: ReactNode }[] = [
  ['HomeOutlined', <HomeOutlined />],
  ['AppstoreOutlined', <AppstoreOutlined />],
  ['SettingOutlined', <SettingOutlined />],
  ['ToolOutlined', <ToolOutlined />],
  ['LockOutlined', <LockOutlined />],
  ['TeamOutlined', <TeamOutlined />],
  ['UserOutlined', <UserOutlined />],
  ['MenuOutlined', <MenuOutlined />],
  ['DatabaseOutlined', <DatabaseOutlined />],
  ['ApiOutlined', <ApiOutlined />],
  ['TableOutlined', <TableOutlined />],
  ['FormOutlined', <FormOutlined />],
  ['FileTextOutlined', <FileTextOutlined />],
  ['QuestionCircleOutlined', <QuestionCircleOutlined />],
  ['BookOutlined', <BookOutlined />],
  ['DollarOutlined', <DollarOutlined />],
  ['WalletOutlined', <WalletOutlined />],
  ['ScheduleOutlined', <ScheduleOutlined />],
  ['CalendarOutlined', <CalendarOutlined />],
  ['ClusterOutlined', <ClusterOutlined />],
  ['BarChartOutlined', <BarChartOutlined />],
  ['BellOutlined', <BellOutlined />],
  ['CloudOutlined', <CloudOutlined />],
  ['GlobalOutlined', <GlobalOutlined />],
  ['LinkOutlined', <LinkOutlined />],
  ['PictureOutlined', <PictureOutlined />],
  ['ShopOutlined', <ShopOutlined />],
  ['TagsOutlined', <TagsOutlined />],
  ['TrophyOutlined', <TrophyOutlined />],
  // the seed's menus (server/src/seed/seedData.ts) draw these
  ['AccountBookOutlined', <AccountBookOutlined />],
  ['AuditOutlined', <AuditOutlined />],
  ['IdcardOutlined', <IdcardOutlined />],
  ['KeyOutlined', <KeyOutlined />],
  ['LoginOutlined', <LoginOutlined />],
  ['ProfileOutlined', <ProfileOutlined />],
  ['ReadOutlined', <ReadOutlined />],
  ['SafetyOutlined', <SafetyOutlined />],
  ['SolutionOutlined', <SolutionOutlined />],
  ['UnorderedListOutlined', <UnorderedListOutlined />],
  ['UserSwitchOutlined', <UserSwitchOutlined />],
].map(([name, icon]) => ({ name: name as string, icon: icon as ReactNode }));
const BY_NAME = new Map(MENU_ICON_CHOICES.map((c) => [c.name.toLowerCase(), c.icon]));

export function menuIcon(name: string | null, isGroup: boolean): ReactNode {
  const key = (name ?? '').toLowerCase();
  const exact = BY_NAME.get(key);
  if (exact) return exact;
  if (key) {
    for (const [pattern, icon] of ICONS) if (pattern.test(key)) return icon;
  }
  return isGroup ? <AppstoreOutlined /> : <FileTextOutlined />;
}
