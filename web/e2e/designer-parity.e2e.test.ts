import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { apiLogin, sessionLogin } from './harness.mjs';
import { useBrowser, visible } from './support.ts';

/** Issue 19: the designer as a person uses it, in Chromium (#9 the range slider's handles, #10 the sample). */
const base = inject('baseUrl');
let token: string;

beforeAll(async () => {
  token = await apiLogin(base);
});
const b = useBrowser({ width: 1440, height: 900 });

/**
 * How far (px) an element, widened by `ring` px on each side (a slider handle's focus ring and shadow are drawn
 * outside its box), reaches past the edges of `box` (the canvas item it belongs to) or of an ancestor that clips.
 */
async function outside(locator: Locator, box: Locator, ring = 0): Promise<number> {
  const item = (await box.boundingBox())!;
  return locator.evaluate(
    (el, { ring, item }) => {
      const b = el.getBoundingClientRect();
      const r = { left: b.left - ring, right: b.right + ring, top: b.top - ring, bottom: b.bottom + ring };
      const edges = [{ left: item.x, right: item.x + item.width, top: item.y, bottom: item.y + item.height }];
      for (let a = el.parentElement; a; a = a.parentElement) {
        const style = getComputedStyle(a);
        if (style.overflowX !== 'visible' || style.overflowY !== 'visible') edges.push(a.getBoundingClientRect());
      }
      return Math.max(...edges.map((e) => Math.max(e.left - r.left, r.right - e.right, e.top - r.top, r.bottom - e.bottom)));
    },
    { ring, item },
  );
}

async function openFresh(page: Page) {
  await sessionLogin(page, base, token);
  await page.evaluate(() => {
    for (const key of Object.keys(localStorage)) if (key.startsWith('qb.designer.')) localStorage.removeItem(key);
  });
  await page.goto(`${base}/manage/layTable`);
  await visible(page.getByTestId('palette-text'));
}

describe('designer parity', () => {
  it('a fresh profile shows the sample (mobile, 请输入手机号, required); 运行 says its messages', async () => {
    const { page } = b;
    await openFresh(page);
    const node = page.getByTestId('node-mobile');
    await visible(node);
    expect(await node.getByPlaceholder('请输入手机号').count()).toBe(1);
    await page.getByTestId('designer-run').click();
    const preview = page.getByTestId('designer-preview');
    await visible(preview);
    await page.getByTestId('preview-validate').click();
    await visible(preview.getByText('请输入手机号', { exact: true }).last());
    await preview.getByPlaceholder('请输入手机号').fill('123');
    await visible(preview.getByText('手机号格式错误'));
  });

  it('draws both handles of a range slider inside the canvas item', async () => {
    const { page } = b;
    await openFresh(page);
    await page.getByTestId('palette-slider').click();
    const node = page.getByTestId('node-field101');
    await visible(node);
    await page.getByTestId('prop-range').click();
    const handles = node.locator('.ant-slider-handle');
    await expect.poll(() => handles.count()).toBe(2);
    expect(await outside(handles.nth(0), node, 3)).toBeLessThanOrEqual(0);
    expect(await outside(handles.nth(1), node, 3)).toBeLessThanOrEqual(0);
    await node.screenshot({ path: '../docs/screenshots/designer-range-slider-zh.png' });
  });
});
