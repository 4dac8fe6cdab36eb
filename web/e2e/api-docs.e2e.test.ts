import { describe, expect, inject, it } from 'vitest';
import { useBrowser, visible } from './support.ts';

const base = inject('baseUrl');
const b = useBrowser();

describe('the API reference page', () => {
  it('runs under the global Content-Security-Policy with files of this origin only, and lists every documented operation', async () => {
    const violations: string[] = [];
    const foreign: string[] = [];
    b.page.on('console', (m) => {
      if (/Content Security Policy|Refused to/i.test(m.text())) violations.push(m.text());
    });
    b.page.on('request', (r) => {
      if (!r.url().startsWith(base) && !r.url().startsWith('data:')) foreign.push(r.url());
    });
    const response = await b.page.goto(`${base}/api/docs`);
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");

    await visible(b.page.locator('#swagger-ui .opblock'), 20_000);
    const doc = (await (await fetch(`${base}/api/openapi.json`)).json()) as { paths: Record<string, Record<string, unknown>> };
    const operations = Object.values(doc.paths).reduce((n, item) => n + Object.keys(item).length, 0);
    expect(await b.page.locator('#swagger-ui .opblock').count()).toBe(operations);
    await visible(b.page.getByText('/api/select/', { exact: true }));
    // the session scheme is offered (Authorization header, with or without Bearer)
    await visible(b.page.locator('#swagger-ui .auth-wrapper button.authorize'));
    expect(violations).toEqual([]);
    expect(foreign).toEqual([]);
  });
});
