import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import type { Page, Response } from 'playwright-core';
import { startServer, uiLogin, type RunningServer } from './harness.mjs';
import { useBrowser, visible } from './support.ts';

const base = inject('baseUrl');
const b = useBrowser();

/** A 1x1 PNG: the server checks an image's first bytes, not only its name. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

interface Violation {
  directive: string;
  blocked: string;
  source: string;
}

/**
 * Records every CSP violation of the page two ways: the `securitypolicyviolation` event (through an init
 * script, which the browser runs outside the page's CSP) and Chromium's console errors about the policy.
 */
async function watchCsp(page: Page) {
  const violations: Violation[] = [];
  const consoleErrors: string[] = [];
  await page.exposeFunction('__reportCspViolation', (v: Violation) => violations.push(v));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { __reportCspViolation(v: unknown): void }).__reportCspViolation({
        directive: e.violatedDirective,
        blocked: e.blockedURI,
        source: `${e.sourceFile}:${e.lineNumber}`,
      });
    });
  });
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to (load|apply|execute|connect|frame)/i.test(m.text())) consoleErrors.push(m.text());
  });
  return { violations, consoleErrors };
}

function expectSecurityHeaders(response: Response | null) {
  expect(response).not.toBeNull();
  const headers = response!.headers();
  const csp = headers['content-security-policy'] ?? '';
  expect(csp).toContain("script-src 'self'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("object-src 'none'");
  expect(csp).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('no-referrer');
  expect(headers['x-frame-options']).toBe('DENY');
}

describe('the app runs under its Content-Security-Policy', () => {
  let csp: Awaited<ReturnType<typeof watchCsp>>;
  beforeEach(async () => {
    csp = await watchCsp(b.page);
  });

  it('home page with its chart, the question bank’s add dialog with the rich-text editor, an uploaded image: no violation', async () => {
    const { page } = b;
    const apiAnswers: Response[] = [];
    page.on('response', (r) => r.url().includes('/api/') && apiAnswers.push(r));

    const login = await page.goto(`${base}/user/login`);
    expectSecurityHeaders(login);
    await uiLogin(page, base);

    // the home page: counts and the recharts bar chart (SVG with inline style attributes)
    const home = await page.goto(`${base}/manage/home`);
    expectSecurityHeaders(home);
    await visible(page.getByTestId('bill-flow-chart').locator('svg.recharts-surface'));
    // antd's CSS-in-JS took effect: its <style> elements were not refused
    const primary = page.locator('.ant-btn-primary, .ant-menu-item-selected').first();
    await visible(primary);
    expect(await page.evaluate(() => document.querySelectorAll('style').length)).toBeGreaterThan(0);
    expect(await primary.evaluate((el) => getComputedStyle(el).backgroundColor)).not.toBe('rgba(0, 0, 0, 0)');

    // the question bank's add dialog: tiptap (ProseMirror) loads, takes typing and formatting
    await page.goto(`${base}/manage/questionBank`);
    await visible(page.locator('.qb-crud:visible').getByTestId('crud-table'));
    await page.locator('.qb-crud:visible').getByTestId('toolbar-add').click();
    const form = page.locator('.ant-modal:visible').filter({ has: page.getByTestId('schema-form') });
    const editor = form.getByTestId('rich-text-editor');
    await visible(editor.locator('.ProseMirror'));
    await editor.locator('.ProseMirror').click();
    await page.keyboard.type('红灯停，');
    await editor.getByRole('button', { name: '加粗' }).click();
    await page.keyboard.type('绿灯行');
    expect(await editor.locator('.ProseMirror').innerHTML()).toContain('<strong>绿灯行</strong>');

    // an image uploaded through the member page's form is shown from /api/file/
    await page.goto(`${base}/manage/member`);
    await visible(page.locator('.qb-crud:visible').getByTestId('crud-table'));
    await page.locator('.qb-crud:visible').getByTestId('toolbar-add').click();
    const memberForm = page.locator('.ant-modal:visible').filter({ has: page.getByTestId('schema-form') });
    await memberForm.locator('[data-testid="image-upload"] input[type=file]').setInputFiles({ name: 'face.png', mimeType: 'image/png', buffer: PNG });
    const preview = memberForm.locator('.qb-image-upload img');
    await visible(preview);
    expect(await preview.getAttribute('src')).toMatch(/^\/api\/file\/\d{6}\/[0-9a-f]+\.png$/);
    await page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('.ant-modal .qb-image-upload img');
      return img !== null && img.complete && img.naturalWidth > 0;
    });

    // the API's answers carry the headers too
    const userInfo = apiAnswers.find((r) => r.url().includes('/api/user/userInfo/'));
    expectSecurityHeaders(userInfo ?? null);

    expect(csp.violations).toEqual([]);
    expect(csp.consoleErrors).toEqual([]);
  });

  it('a page the app does not allow (inline script, a foreign image) is refused and reported: the watch sees violations', async () => {
    const { page } = b;
    await page.goto(`${base}/user/login`);
    // run from the page's own context: an inline script and an image from another origin, both outside the policy
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.__inlineRan = true';
      document.body.appendChild(script);
      const img = document.createElement('img');
      img.src = 'https://example.invalid/x.png';
      document.body.appendChild(img);
    });
    await expect.poll(() => csp.violations.map((v) => v.directive).sort()).toEqual(['img-src', 'script-src-elem']);
    expect(await page.evaluate(() => (window as unknown as { __inlineRan?: boolean }).__inlineRan)).toBeUndefined();
  });
});

describe('the login captcha (a data: URI) under the policy', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ captcha: 'on' });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('shows the captcha image with no violation', async () => {
    const { page } = b;
    const csp = await watchCsp(page);
    expectSecurityHeaders(await page.goto(`${server.url}/user/login`));
    const image = page.getByTestId('captcha').locator('img');
    await visible(image);
    expect(await image.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    await page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('[data-testid="captcha"] img');
      return img !== null && img.complete && img.naturalWidth > 0;
    });
    expect(csp.violations).toEqual([]);
    expect(csp.consoleErrors).toEqual([]);
  });
});
