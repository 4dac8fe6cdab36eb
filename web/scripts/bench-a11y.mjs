#!/usr/bin/env node
// The axe-core audit of every route in both languages (e2e/a11y.mjs), as figures: the violating elements per impact,
// per screen and in total; the browser test (e2e/a11y.e2e.test.ts) fails on serious and critical ones, this prints
// the moderate and minor ones that are left. Needs web/dist (npm run bench -w web builds it first).
// Usage: node web/scripts/bench-a11y.mjs [--rules] [--json file]
import { writeFileSync } from 'node:fs';
import { apiLogin, defineBookTable, launchBrowser, startServer } from '../e2e/harness.mjs';
import { IMPACTS, auditApp, countByImpact } from '../e2e/a11y.mjs';

const showRules = process.argv.includes('--rules');
const jsonAt = process.argv.indexOf('--json');
const server = await startServer({ captcha: 'off' });
const browser = await launchBrowser();
const all = [];
try {
  const token = await apiLogin(server.url);
  // a table defined at run time, so that a page generated from metadata alone is among the routes
  const extraRoutes = await defineBookTable(server.url, token, server.dataDir, 'a11ybook').then(
    () => ['/manage/a11ybook'],
    (e) => (console.warn(`no runtime table: ${e.message}`), []),
  );
  for (const lang of ['zh-CN', 'en-US']) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: lang });
    await context.addInitScript((l) => localStorage.setItem('qb.lang', l), lang);
    const page = await context.newPage();
    const onScreen = (s) => process.stderr.write(`${lang} ${s.name}: ${Object.values(countByImpact(s.violations)).join('/')}\n`);
    const screens = await auditApp(page, server.url, token, { extraRoutes, onScreen });
    for (const s of screens) all.push({ lang, ...s, counts: countByImpact(s.violations) });
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
}

const pad = (v, n) => String(v).padStart(n);
console.log(`\naxe-core ${IMPACTS.join('/')} violating elements per screen:`);
for (const s of all) console.log(`${IMPACTS.map((i) => pad(s.counts[i], 4)).join('')}  ${s.lang} ${s.name}`);
const total = Object.fromEntries(IMPACTS.map((i) => [i, all.reduce((sum, s) => sum + s.counts[i], 0)]));
console.log(`\naxe-core over ${all.length} screens: ${IMPACTS.map((i) => `${total[i]} ${i}`).join(', ')}`);
console.log(`moderate accessibility violations: ${total.moderate}`);
if (showRules) {
  const rules = new Map();
  for (const s of all) for (const v of s.violations) rules.set(v.id, { impact: v.impact, help: v.help, count: (rules.get(v.id)?.count ?? 0) + v.nodes.length });
  console.log('\nby rule:');
  for (const [id, r] of [...rules].sort((a, b) => b[1].count - a[1].count)) console.log(`${pad(r.count, 5)}  [${r.impact}] ${id}: ${r.help}`);
}
if (jsonAt > 0) writeFileSync(process.argv[jsonAt + 1], JSON.stringify(all, null, 1));
