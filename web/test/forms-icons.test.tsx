import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { FORM_ICONS, migrateFormSchema, parseFormSchema } from '@qb/contracts';
import { MENU_ICON_CHOICES } from '../src/app/menuIcons.tsx';
import { formOf, renderSchema } from './forms-harness.tsx';

// The icon keys of the schema (prefixIcon / suffixIcon on text and password, icon on a button): parser,
// version 1 migration and renderer.

const problemsOf = (input: unknown) => {
  const parsed = parseFormSchema(input);
  return parsed.ok ? [] : parsed.problems;
};

/** A form-generator input (version 1) with its prefix-icon / suffix-icon. */
const v1Input = (extra: Record<string, unknown>, tagIcon = 'input') => ({
  __config__: { label: '手机号', tag: 'el-input', tagIcon, layout: 'colFormItem', span: 24, formId: 101, renderKey: 101 },
  __slot__: { prepend: '', append: '' },
  __vModel__: 'mobile',
  placeholder: '请输入手机号',
  ...extra,
});
const v1Button = (icon: unknown) => ({
  __config__: { label: '按钮', tag: 'el-button', tagIcon: 'button', layout: 'colFormItem', span: 24, formId: 102, renderKey: 102, showLabel: true },
  __slot__: { default: '主要按钮' },
  type: 'primary',
  icon,
});

describe('icon keys of the schema', () => {
  it('offers the same names as the menu page’s icon picker, each drawn by the web app', () => {
    expect([...FORM_ICONS]).toEqual(MENU_ICON_CHOICES.map((c) => c.name));
  });

  it('accepts icon names on text, password and button, and keeps them in the clean copy', () => {
    const parsed = parseFormSchema({
      version: 2,
      fields: [
        { kind: 'text', name: 'user', label: '用户', prefixIcon: 'UserOutlined', suffixIcon: 'IdcardOutlined' },
        { kind: 'password', name: 'pass', label: '密码', prefixIcon: 'LockOutlined' },
        { kind: 'button', name: 'go', label: '', text: '查询', icon: 'BarChartOutlined' },
      ],
    });
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.schema.fields).toMatchObject([
      { kind: 'text', prefixIcon: 'UserOutlined', suffixIcon: 'IdcardOutlined' },
      { kind: 'password', prefixIcon: 'LockOutlined' },
      { kind: 'button', icon: 'BarChartOutlined' },
    ]);
    expect(parsed.schema.fields[1]).not.toHaveProperty('suffixIcon');
  });

  it('refuses an unknown name, a name that is not text, and icon keys on other kinds, each by its path', () => {
    expect(
      problemsOf({
        version: 2,
        fields: [
          { kind: 'text', name: 'a', label: 'A', prefixIcon: 'el-icon-mobile' },
          { kind: 'password', name: 'b', label: 'B', suffixIcon: 3 },
          { kind: 'button', name: 'c', label: '', text: 'C', icon: 'SearchOutlined' },
          { kind: 'textarea', name: 'd', label: 'D', prefixIcon: 'UserOutlined' },
          { kind: 'button', name: 'e', label: '', text: 'E', prefixIcon: 'UserOutlined' },
        ],
      }),
    ).toEqual([
      'fields[0].prefixIcon: must be an icon of the list (FORM_ICONS, e.g. "UserOutlined"), not "el-icon-mobile"',
      'fields[1].suffixIcon: must be an icon of the list (FORM_ICONS, e.g. "UserOutlined"), not 3',
      'fields[2].icon: must be an icon of the list (FORM_ICONS, e.g. "UserOutlined"), not "SearchOutlined"',
      'fields[3].prefixIcon: unknown key',
      'fields[4].prefixIcon: unknown key',
    ]);
  });

  it('migrates form-generator’s prefix-icon / suffix-icon / icon that have a counterpart, and drops the others', () => {
    const schema = migrateFormSchema({
      fields: [
        v1Input({ 'prefix-icon': 'el-icon-user', 'suffix-icon': 'el-icon-mobile' }),
        { ...v1Input({ 'prefix-icon': 'el-icon-lock', 'suffix-icon': 'KeyOutlined', 'show-password': true }, 'password'), __vModel__: 'pass' },
        v1Input({ 'prefix-icon': '', 'suffix-icon': 'el-icon-date' }, 'input'),
        v1Button('el-icon-search'),
        { ...v1Button('el-icon-s-data'), __config__: { ...v1Button('').__config__, formId: 103, renderKey: 103 } },
      ].map((f, i) => (i === 2 ? { ...f, __vModel__: 'when' } : f)),
    });
    expect(schema.fields).toMatchObject([
      { kind: 'text', name: 'mobile', prefixIcon: 'UserOutlined' },
      { kind: 'password', name: 'pass', prefixIcon: 'LockOutlined', suffixIcon: 'KeyOutlined' },
      { kind: 'text', name: 'when', suffixIcon: 'CalendarOutlined' },
      { kind: 'button', name: 'button102' },
      { kind: 'button', name: 'button103', icon: 'BarChartOutlined' },
    ]);
    expect(schema.fields[0]).not.toHaveProperty('suffixIcon');
    expect(schema.fields[2]).not.toHaveProperty('prefixIcon');
    expect(schema.fields[3]).not.toHaveProperty('icon');
  });

  it('renders the icons inside the inputs and on the button', async () => {
    const { container } = renderSchema(
      formOf(
        { kind: 'text', name: 'user', label: { zh: '用户' }, prefixIcon: 'UserOutlined', suffixIcon: 'IdcardOutlined' },
        { kind: 'password', name: 'pass', label: { zh: '密码' }, prefixIcon: 'LockOutlined', suffixIcon: 'KeyOutlined' },
        { kind: 'text', name: 'plain', label: { zh: '无图标' } },
        { kind: 'button', name: 'go', label: { zh: '' }, text: { zh: '查询' }, icon: 'BarChartOutlined', action: 'none' },
      ),
    );
    const user = screen.getByTestId('form-field-user');
    expect(user.querySelector('.ant-input-prefix [data-icon="UserOutlined"] .anticon-user')).not.toBeNull();
    expect(user.querySelector('.ant-input-suffix [data-icon="IdcardOutlined"] .anticon-idcard')).not.toBeNull();
    const pass = screen.getByTestId('form-field-pass');
    expect(pass.querySelector('.ant-input-prefix [data-icon="LockOutlined"] .anticon-lock')).not.toBeNull();
    // the suffix comes with the show-password eye, which still works
    const suffix = pass.querySelector('.ant-input-suffix')!;
    expect(suffix.querySelector('[data-icon="KeyOutlined"] .anticon-key')).not.toBeNull();
    expect(suffix.querySelector('.ant-input-password-icon')).not.toBeNull();
    expect(screen.getByTestId('form-field-plain').querySelector('.ant-input-prefix, .qb-form-icon')).toBeNull();
    const button = screen.getByTestId('form-button-go');
    expect(button.querySelector('.ant-btn-icon [data-icon="BarChartOutlined"] .anticon-bar-chart')).not.toBeNull();
    expect(button.textContent).toContain('查询');
    expect(container.querySelectorAll('.qb-form-icon')).toHaveLength(5);
  });
});
