import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { apiLogin, defineBookTable, launchBrowser } from './harness.mjs';
import { auditApp, auditedRoutes, countByImpact, describeViolations, manageRoutePaths, type AuditedScreen } from './a11y.mjs';

// WCAG 2.1 AA (and axe's best practices) over every route of the app in both languages, each table page also with
// its add dialog open (issue 13). The routes come from src/pages/manageRoutes.ts and the server's menu: a new page is
// audited without a change here. Serious and critical violations fail; moderate and minor ones are printed.
const base = inject('baseUrl');
const dataDir = inject('dataDir');
let browser: Browser;
let token: string;
let extraRoutes: string[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  token = await apiLogin(base);
  // a table defined at run time: the page generated from its metadata alone is audited too
  await defineBookTable(base, token, dataDir, 'a11ybook');
  extraRoutes = ['/manage/a11ybook'];
});

afterAll(async () => {
  await browser?.close();
});

describe('accessibility (axe-core, WCAG 2.1 AA)', () => {
  it('derives the routes from the page table and the menu', async () => {
    const routes = await auditedRoutes(base, token);
    expect(routes).toContain('/manage/home');
    expect(routes).toContain('/manage/member');
    // every page module is audited, whatever the menu lists
    for (const path of manageRoutePaths()) expect(routes).toContain(path);
  });

  for (const lang of ['zh-CN', 'en-US'] as const) {
    it.concurrent(`${lang}: no serious or critical violation on any screen`, { timeout: 400_000 }, async () => {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: lang });
      await context.addInitScript((l) => localStorage.setItem('qb.lang', l), lang);
      const page = await context.newPage();
      let screens: AuditedScreen[];
      try {
        screens = await auditApp(page, base, token, { extraRoutes });
      } finally {
        await context.close();
      }
      const dialogs = screens.filter((s) => s.name.endsWith('(add dialog)'));
      expect(screens.length).toBeGreaterThan(20);
      expect(dialogs.length).toBeGreaterThan(5);
      expect(screens.map((s) => s.name)).toContain('/manage/a11ybook (add dialog)');
      expect(screens.map((s) => s.name)).toContain('/manage/questionBank (import dialog)');
      expect(screens.map((s) => s.name)).toContain('/manage/questionBank (history drawer)');
      expect(screens.map((s) => s.name)).toContain('/manage/questionBank (deleted rows)');

      const blocking = screens
        .map((s) => ({ name: s.name, violations: s.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical') }))
        .filter((s) => s.violations.length > 0);
      const rest = screens
        .map((s) => ({ name: s.name, violations: s.violations.filter((v) => v.impact !== 'serious' && v.impact !== 'critical') }))
        .filter((s) => s.violations.length > 0);
      const total = screens.reduce((sum, s) => sum + countByImpact(s.violations).moderate, 0);
      console.log(
        `${lang}: ${screens.length} screens audited, ${total} moderate violating elements` +
          rest.map((s) => `\n${s.name}\n${describeViolations(s.violations)}`).join(''),
      );
      expect(blocking.map((s) => `${s.name}\n${describeViolations(s.violations)}`).join('\n')).toBe('');
      // and no English word of a header, button or label broken in two by a column too narrow for it
      expect(screens.flatMap((s) => s.splitWords.map((w) => `${s.name}: ${w}`))).toEqual([]);
    });
  }
});
