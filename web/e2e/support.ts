import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { launchBrowser, TOKEN_KEY } from './harness.mjs';

/** One browser per test file, a fresh context (empty storage) per test; an uncaught error in the page fails the test. */
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
    state.context = await state.browser.newContext({ viewport, locale: 'zh-CN' });
    state.context.setDefaultTimeout(10_000);
    pageErrors = [];
    state.context.on('page', (p) => p.on('pageerror', (e) => pageErrors.push(e.message)));
    state.page = await state.context.newPage();
  });
  afterEach(async () => {
    await state.context?.close();
    expect(pageErrors).toEqual([]);
  });
  return state;
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
