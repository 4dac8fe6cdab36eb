import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiLogin, sessionLogin } from './harness.mjs';
import { useBrowser, visible } from './support.ts';

/**
 * 联动 in the designer's 组件属性 (docs/designer.md "Linkage"): a rule made with the keyboard alone in a real
 * browser, seen working in 运行. DESIGNER_SCREENSHOTS=1 also saves docs/screenshots/designer-linkage-<zh|en>.png.
 */
const base = inject('baseUrl');
let token: string;

beforeAll(async () => {
  token = await apiLogin(base);
});
const b = useBrowser({ width: 1440, height: 900 });

/** Opens a select of the linkage editor from the keyboard and picks the option `downs` places below the current one. */
async function pick(page: Page, name: string, downs: number) {
  await page.getByRole('combobox', { name, exact: true }).focus();
  await page.keyboard.press('ArrowDown');
  await visible(page.locator('.ant-select-dropdown:visible'));
  for (let i = 0; i < downs; i++) await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
}

describe('designer linkage', () => {
  it('makes a text field show only when the radio is 选项二, by keyboard, and the preview follows', async () => {
    const { page } = b;
    await sessionLogin(page, base, token);
    // an emptied designer (a fresh profile shows SPEC.md's sample, web/e2e/designer-parity.e2e.test.ts)
    await page.evaluate(() => {
      localStorage.setItem('qb.designer.drawingItems', '[]');
      localStorage.setItem('qb.designer.idGlobal', '100');
      localStorage.setItem('qb.designer.version', '1.2');
    });
    await page.goto(`${base}/manage/layTable`);
    for (const kind of ['radio', 'text']) {
      await page.getByTestId(`palette-${kind}`).focus();
      await page.keyboard.press('Enter');
    }
    await visible(page.getByTestId('node-field102'));
    await page.getByTestId('linkage-add').focus();
    await page.keyboard.press('Enter');
    const rule = page.getByRole('group', { name: '联动规则 1' });
    await visible(rule);
    expect(await rule.innerText()).toContain('单选框组 (field101)');
    await pick(page, '联动规则 1 的条件', 2); // 有值 -> 为空 -> 等于
    await visible(page.getByRole('combobox', { name: '联动规则 1 的值', exact: true }));
    await pick(page, '联动规则 1 的值', 1); // 选项一 -> 选项二
    await expect
      .poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('qb.designer.drawingItems') ?? '[]')[1]?.linkage))
      .toEqual([{ when: { field: 'field101', op: 'equals', value: 2 }, then: 'show' }]);

    await page.getByTestId('designer-run').click();
    const preview = page.getByTestId('designer-preview');
    await visible(preview);
    await visible(preview.getByText('单选框组'));
    expect(await preview.getByText('单行文本').count()).toBe(0);
    await preview.getByText('选项二').click();
    await visible(preview.getByText('单行文本'));
    await preview.getByText('选项一').click();
    await expect.poll(() => preview.getByText('单行文本').count()).toBe(0);
  });
});

describe.runIf(process.env.DESIGNER_SCREENSHOTS === '1')('designer linkage screenshots', () => {
  const both = (zh: string, en: string) => ({ zh, en });
  const sample = [
    {
      kind: 'radio',
      name: 'type',
      label: both('类型', 'Type'),
      options: [
        { label: both('个人', 'Person'), value: 1 },
        { label: both('企业', 'Company'), value: 2 },
      ],
      defaultValue: 1,
    },
    { kind: 'switch', name: 'invoice', label: both('需要发票', 'Invoice'), defaultValue: false },
    {
      kind: 'select',
      name: 'level',
      label: both('级别', 'Level'),
      options: [
        { label: both('普通', 'Basic'), value: 1 },
        { label: both('银牌', 'Silver'), value: 2 },
        { label: both('金牌', 'Gold'), value: 3 },
      ],
    },
    {
      kind: 'text',
      name: 'company',
      label: both('公司名称', 'Company name'),
      linkage: [
        { when: { field: 'type', op: 'equals', value: 2 }, then: 'show' },
        { when: { field: 'invoice', op: 'equals', value: true }, then: 'require' },
        { when: { field: 'level', op: 'in', value: [2, 3] }, then: 'disable' },
      ],
    },
    { kind: 'number', name: 'staff', label: both('员工人数', 'Staff'), linkage: [{ when: { field: 'company', op: 'filled' }, then: 'show' }] },
  ];
  for (const lang of ['zh-CN', 'en-US'] as const) {
    it(`shoots the linkage editor (${lang})`, async () => {
      const { page } = b;
      await sessionLogin(page, base, token);
      await page.evaluate(
        ({ fields, lang }) => {
          localStorage.setItem('qb.designer.drawingItems', JSON.stringify(fields));
          localStorage.setItem('qb.designer.formConf', JSON.stringify({ labelWidth: 100, gutter: 15, span: 24, buttons: true }));
          localStorage.setItem('qb.designer.idGlobal', '110');
          localStorage.setItem('qb.designer.version', '1.2');
          localStorage.setItem('qb.lang', lang);
        },
        { fields: sample, lang },
      );
      await page.goto(`${base}/manage/layTable`);
      await visible(page.getByTestId('node-company'));
      await page.getByTestId('node-company').click();
      await page.getByTestId('linkage-add').scrollIntoViewIfNeeded();
      await page.waitForTimeout(800);
      const suffix = lang === 'zh-CN' ? 'zh' : 'en';
      await page.screenshot({ path: `../docs/screenshots/designer-linkage-${suffix}.png` });
    });
  }
});
