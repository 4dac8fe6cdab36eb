import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { api, apiLogin, ROOT_DIR, sessionLogin } from './harness.mjs';
import { gone, useBrowser, visible } from './support.ts';

// a laptop screen: the dialogs and overlays must fit it
const VIEWPORT = { width: 1280, height: 900 };
const base = inject('baseUrl');
const b = useBrowser(VIEWPORT);
let token: string;

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, c: Box) => a.x < c.x + c.width && c.x < a.x + a.width && a.y < c.y + c.height && c.y < a.y + a.height;

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  expect(box).not.toBeNull();
  return box!;
}

/** The box once an opening animation is over: the same twice in a row. */
async function settledBox(page: Page, locator: Locator): Promise<Box> {
  let last = await boxOf(locator);
  for (let i = 0; i < 20; i++) {
    await page.waitForTimeout(150);
    const now = await boxOf(locator);
    if (JSON.stringify(now) === JSON.stringify(last)) return now;
    last = now;
  }
  return last;
}

/** Whether the element at the centre of `locator` is `locator` itself or inside it (nothing lies over it). */
function onTop(page: Page, locator: Locator): Promise<boolean> {
  return locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
    return !!hit && el.contains(hit);
  });
}

const activePage = (page: Page) => page.locator('.qb-crud:visible');
const dialog = (page: Page) => page.locator('.ant-modal:visible').filter({ has: page.getByTestId('schema-form') });

beforeAll(async () => {
  token = await apiLogin(base);
});
beforeEach(async () => {
  await sessionLogin(b.page, base, token);
});

describe('at 1280x900', () => {
  it('the question dialog keeps 保存 in sight: its footer stays, its body scrolls', async () => {
    const { page } = b;
    await page.goto(`${base}/manage/questionBank`);
    await visible(activePage(page).getByTestId('crud-table'));
    await activePage(page).getByTestId('toolbar-add').click();
    const form = dialog(page);
    const save = form.getByTestId('schema-dialog-submit');
    await visible(save);
    await visible(form.locator('.qb-editor'));
    const box = await settledBox(page, save);
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(VIEWPORT.height);
    expect(await onTop(page, save)).toBe(true);
    expect(await page.evaluate(() => document.scrollingElement!.scrollTop)).toBe(0);
    const modal = await boxOf(page.locator('.ant-modal-container:visible'));
    expect(modal.y + modal.height).toBeLessThanOrEqual(VIEWPORT.height);

    // the last field is reached by scrolling the dialog's body, and 保存 stays where it was
    const body = page.locator('.ant-modal:visible .ant-modal-body');
    expect(await body.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
    await body.evaluate((el) => el.scrollTo(0, el.scrollHeight));
    const last = form.locator('.ant-form-item').last();
    await visible(last);
    expect(await boxOf(save)).toEqual(box);
    expect(await onTop(page, save)).toBe(true);

    // 保存 answers a click where it is: the required messages show
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await visible(form.getByText('请输入题目'));
    await shot(page, 'question-dialog-900');
  });

  it('the image preview’s close button and toolbar keep off the header (user menu) and the tag tabs, which the preview’s mask covers', async () => {
    const { page } = b;
    const image = fs.readFileSync(path.join(ROOT_DIR, 'docs', 'screenshots', 'home-zh.png'));
    const upload = new FormData();
    upload.append('files', new Blob([image], { type: 'image/png' }), 'avatar.png');
    const uploaded = await (await fetch(`${base}/api/action/upload/`, { method: 'POST', headers: { authorization: token }, body: upload })).json();
    expect(uploaded.status).toBeTruthy();
    const name = `E2E预览${Date.now() % 100000}`;
    const saved = await api(base, token, '/api/action/save/', {
      method: 'POST',
      body: { _flag: 'sys_member', params: { name, phone: '13912340000', avatar: uploaded.data.path } },
    });
    expect(saved.status).toBe(200);

    await page.goto(`${base}/manage/member`);
    const row = activePage(page).locator('.ant-table-tbody tr.ant-table-row', { hasText: name });
    await visible(row);
    const userMenu = page.getByTestId('user-menu');
    const menuBox = await boxOf(userMenu);
    const headerBox = await boxOf(page.locator('.qb-header'));
    const tabsBox = await boxOf(page.locator('.qb-tags'));
    await row.locator('.qb-cell-image img, img.qb-cell-image').first().click();

    const close = page.locator('.ant-image-preview-close');
    await visible(close);
    await settledBox(page, page.locator('.ant-image-preview-img'));
    const closeBox = await boxOf(close);
    const actionsBox = await boxOf(page.locator('.ant-image-preview-actions'));
    for (const bar of [menuBox, headerBox, tabsBox]) {
      expect(overlaps(closeBox, bar)).toBe(false);
      expect(overlaps(actionsBox, bar)).toBe(false);
    }
    expect(await onTop(page, close)).toBe(true);
    // the page behind the preview is dimmed and out of reach, the header included
    await expect
      .poll(() =>
        page
          .locator('.ant-image-preview-mask')
          .evaluate((el) => `${getComputedStyle(el).display} ${getComputedStyle(el).opacity} ${getComputedStyle(el).backgroundColor}`),
      )
      .toMatch(/^block 1 rgba\(0, 0, 0, 0\.\d+\)$/);
    expect(await onTop(page, userMenu)).toBe(false);
    await shot(page, 'image-preview-900');

    await close.click();
    await gone(page.locator('.ant-image-preview'));
    expect(await onTop(page, userMenu)).toBe(true);
  });
});

/** `LAYOUT_SCREENSHOTS=<folder>` also saves the checked screens there, to look at. */
async function shot(page: Page, name: string) {
  const dir = process.env.LAYOUT_SCREENSHOTS;
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `layout-${name}.png`) });
}
