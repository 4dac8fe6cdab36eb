import { describe, expect, it } from 'vitest';
import { leaves } from './textLeaves.ts';
import { enUS, zhCN } from '../src/i18n/index.ts';
import { manageEnUS, manageZhCN } from '../src/i18n/manage.ts';

describe('texts', () => {
  // menuName holds English names of seeded menu rows; Chinese needs none (the name is shown as stored)
  const withoutMenuNames = (m: Map<string, unknown>) => new Map([...m].filter(([k]) => !k.startsWith('menuName.')));
  // the login page's texts and those that load with the shell: together every text of the app, no key in both
  const zh = withoutMenuNames(new Map([...leaves(zhCN), ...leaves(manageZhCN)]));
  const en = withoutMenuNames(new Map([...leaves(enUS), ...leaves(manageEnUS)]));

  it('splits the texts in two: the login page’s and the rest, which the login page does not load', () => {
    const core = Object.keys(zhCN);
    expect(core.sort()).toEqual(['app', 'http', 'language', 'login', 'session']);
    expect(Object.keys(manageZhCN).filter((k) => core.includes(k))).toEqual([]);
    expect(Object.keys(enUS).sort()).toEqual(core.sort());
  });

  it('en-US has every key of zh-CN, none empty, and no Chinese except language names and menu-name keys', () => {
    expect([...zh.keys()].filter((k) => !en.has(k))).toEqual([]);
    expect([...en.keys()].filter((k) => !zh.has(k))).toEqual([]);
    for (const [key, value] of en) {
      expect(typeof value === 'string' && value.length > 0, key).toBe(true);
      if (!key.startsWith('language.')) expect(/[\u4e00-\u9fff]/.test(String(value)), `${key}: ${value}`).toBe(false);
    }
  });

  it('has an English name for every seeded menu name', () => {
    expect(Object.values(manageEnUS.menuName).every((v) => v && !/[\u4e00-\u9fff]/.test(v))).toBe(true);
    expect(Object.keys(manageEnUS.menuName).length).toBeGreaterThan(20);
  });

  // the titles and enumeration labels of the tables (昵称, 男 / 女 / 未知, 未上架 / 已上架, 收入 / 支出) are the server's
  // metadata now: e2e/generated-page.e2e.test.ts checks them verbatim in GET /api/schema/
  it('keeps the Chinese texts of SPEC.md verbatim', () => {
    const verbatim = {
      'login.loginidRequired': '请输入用户名',
      'login.passwordRequired': '请输入密码',
      'login.vcodeRequired': '请输入验证码',
      'login.submitting': '登录中...',
      'login.success': '登录成功！',
      'shell.profile': '基本资料',
      'shell.changePassword': '修改密码',
      'shell.logout': '退出',
      'tabs.closeAll': '关闭所有',
      'tabs.closeOthers': '关闭其他',
      'tabs.confirmClose': '确定要关闭这一页吗?',
      'password.newRequired': '请输入新密码~',
      'password.minLength': '密码长度不能小于6位~',
      'password.confirmRequired': '请输入确认密码~',
      'password.mismatch': '两次密码输入不一致~',
      'password.saving': '修改中...',
      'route.questionsClass': '考题科目',
      'route.member': '小程序用户管理',
      'route.billFlow': '用户账单流水管理',
      'crud.edit': '编辑',
      'crud.delete': '删除',
      'crud.deleteConfirm': '此操作将删除该数据, 是否继续?',
      'crud.deleted': '删除成功',
      'crud.saved': '保存成功',
      'crud.enter': '请输入{{title}}',
      'pages.taskConfiguration.completedItems': '每日任务可完成次数',
      'pages.taskConfiguration.numberQuestions': '每日任务题目数',
      'pages.taskConfiguration.taskRewards': '每日任务奖励(次/元)',
      'pages.taskConfiguration.singleAmount': '单次提现金额(元)',
      'pages.taskConfiguration.save': '保存',
      'pages.taskConfiguration.saved': '保存成功~',
      'pages.user.passwordTitle': '密码保存提示',
      'pages.user.passwordNotice': '当前新增账号的密码为 {{password}} ,请妥善保存~',
    };
    for (const [key, text] of Object.entries(verbatim)) expect(zh.get(key), key).toBe(text);
  });
});
