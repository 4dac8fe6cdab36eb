import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { launchBrowser, ROOT_DIR, TOKEN_KEY } from './harness.mjs';

/**
 * One browser per test file, a fresh context (empty storage) per test; an uncaught error in the page fails the test.
 * The context asks for reduced motion, which the app honours (antd's motion off): a click never lands on a dialog
 * still zooming in, and nothing waits for an animation. The accessibility audit runs with motion on.
 */
export function useBrowser(viewport = { width: 1280, height: 800 }) {
  const state = {} as { browser: Browser; context: BrowserContext; page: Page };
  let pageErrors: string[] = [];
  beforeAll(async () => {
    state.browser = await launchBrowser();
  });
  afterAll(async () => {
    await state.browser?.close();
  });
  beforeEach(async () => {
    state.context = await testContext(state.browser, viewport);
    state.context.setDefaultTimeout(10_000);
    pageErrors = [];
    state.context.on('page', (p) => p.on('pageerror', (e) => pageErrors.push(e.message)));
    state.page = await state.context.newPage();
  });
  afterEach(async (ctx) => {
    // a failed test leaves what its page showed: a screenshot and the page's text, for a failure seen only in CI
    if (ctx.task.result?.state === 'fail' && state.page && !state.page.isClosed()) await keepFailure(state.page, ctx.task.name);
    await state.context?.close();
    expect(pageErrors).toEqual([]);
  });
  return state;
}

/** A browser context as a test's person has it: 1280x800 (or `viewport`), Chinese, reduced motion. */
export function testContext(browser: Browser, viewport = { width: 1280, height: 800 }): Promise<BrowserContext> {
  return browser.newContext({ viewport, locale: 'zh-CN', reducedMotion: 'reduce' });
}

async function keepFailure(page: Page, name: string) {
  try {
    const dir = join(ROOT_DIR, 'test-results', 'e2e-failures');
    mkdirSync(dir, { recursive: true });
    const file = join(dir, `${name.replace(/[^\w\u4e00-\u9fff-]+/g, '_').slice(0, 80)}.png`);
    await page.screenshot({ path: file, timeout: 5_000 });
    const text = await page.evaluate(() => document.body.innerText.replace(/\s+/g, ' ').slice(0, 1500));
    console.error(`[e2e failure] ${name}\n  url: ${page.url()}\n  screenshot: ${file}\n  page text: ${text}`);
  } catch (e) {
    console.error(`[e2e failure] ${name}: could not keep the page (${(e as Error).message})`);
  }
}

/**
 * Closes an open select or cascader list with Escape, and only then: a list that closed itself on the choice (as it
 * does at once with reduced motion) leaves Escape to the dialog, which it would close.
 */
export async function closeDropdown(page: Page) {
  if ((await page.locator('.ant-select-dropdown:visible, .ant-cascader-dropdown:visible').count()) > 0) await page.keyboard.press('Escape');
}

export async function visible(locator: Locator, timeout = 10_000) {
  await locator.first().waitFor({ state: 'visible', timeout });
  return locator;
}

export async function gone(locator: Locator, timeout = 10_000) {
  await locator.first().waitFor({ state: 'hidden', timeout });
}

export function storedToken(page: Page): Promise<string | null> {
  return page.evaluate((key) => localStorage.getItem(key), TOKEN_KEY);
}

/** The tag tabs, as their titles, in order. */
export async function tabTitles(page: Page): Promise<string[]> {
  return page.getByTestId('tags-track').locator('[role="tab"] .qb-tag-title').allInnerTexts();
}

/** Waits until the tag tabs are exactly these titles (tabs follow the URL a moment later). */
export async function waitTabs(page: Page, titles: string[]) {
  try {
    await page.waitForFunction(
      (expected) =>
        JSON.stringify([...document.querySelectorAll('[data-testid="tags-track"] [role="tab"] .qb-tag-title')].map((e) => e.textContent)) ===
        JSON.stringify(expected),
      titles,
      { timeout: 5_000 },
    );
  } catch {
    // fall through to a readable assertion
  }
  return tabTitles(page);
}

export async function expectTabs(page: Page, titles: string[]) {
  expect(await waitTabs(page, titles)).toEqual(titles);
}

export async function activeTab(page: Page): Promise<string> {
  return page.getByTestId('tags-track').locator('[role="tab"][aria-selected="true"] .qb-tag-title').innerText();
}

export function tab(page: Page, title: string): Locator {
  return page.getByTestId('tags-track').locator('[role="tab"]', { has: page.locator('.qb-tag-title', { hasText: title }) });
}

/** Clicks a menu entry by its visible text (a group opens, a page navigates). */
export async function clickMenu(page: Page, text: string) {
  await page.getByTestId('nav-menu').getByText(text, { exact: true }).click();
}

/**
 * Counts the page's API calls in flight, so that a test can wait until the app has stopped calling the server
 * (a page's late reads — its schema, the menu's preloads — would otherwise race what the test does next, such as
 * revoking the session: the app would see the 401 first and end the session on its own).
 */
export function watchApiCalls(page: Page) {
  const open = new Set<unknown>();
  let lastChange = Date.now();
  const isApi = (url: string) => new URL(url).pathname.startsWith('/api/');
  page.on('request', (r) => {
    if (!isApi(r.url())) return;
    open.add(r);
    lastChange = Date.now();
  });
  const done = (r: unknown) => {
    if (open.delete(r)) lastChange = Date.now();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return {
    /** resolves once no API call has been open for `quietMs` */
    async settled(quietMs = 1_000, timeout = 15_000) {
      const deadline = Date.now() + timeout;
      while (open.size > 0 || Date.now() - lastChange < quietMs) {
        if (Date.now() > deadline) throw new Error(`the page kept calling the API for ${timeout} ms (${open.size} open)`);
        await new Promise((r) => setTimeout(r, 100));
      }
    },
  };
}
