import { describe, expect, it } from 'vitest';
import { FORM_OPTION_READ_ROUTES, formOptionUrlProblem, isFormOptionSourceReadable, migrateFormSchema, parseFormSchema, FormSchemaError } from '@qb/contracts';

// Issue 17 #4: a select's options `from: url` are fetched by the browser of whoever opens the form, with that
// person's session. The parser (contracts, used by server and web) accepts only a GET of a read route of this
// server, as a same-origin path.

const withSource = (options: Record<string, unknown>) => ({ version: 2, fields: [{ kind: 'select', name: 'x', label: { zh: '远程' }, options }] });
const problemsOf = (input: unknown) => {
  const r = parseFormSchema(input);
  return r.ok ? [] : r.problems;
};

const BAD_URLS = [
  '/\\host/x',
  '/\\\thost',
  '/\t/host',
  '/\\/host',
  '\\\\host/x',
  '//host',
  '//host/api/select/',
  '///host',
  '/api//select/',
  'http://x',
  'http://evil.example/api/select/',
  'https:/api/select/',
  'javascript:alert(1)',
  'api/select/',
  '',
  ' /api/select/',
  '/api/select/ ',
  '/api/select/\t',
  '/api/\nselect/',
  '/api/select/\r',
  '/api/sel\u0000ect/',
  '/api/select/\u2028',
  '/%5chost',
  '/%5Chost/x',
  '/%2f%2fhost',
  '/api/select/../user/logout/',
  '/api/select/%2e%2e/user/logout/',
  '/api/./select/',
  '/api/select/#x',
  '/api/select',
  '/API/select/',
  '/api/user/logout/',
  '/api/action/save/',
  '/api/action/delete/',
  '/api/action/masterSlave/',
  '/api/user/captcha/',
  '/api/health',
  '/api/export/table/',
];

const GOOD_URLS = [
  '/api/select/',
  '/api/select/?_flag=questionsClass&page=1&row=100',
  '/api/system/menu/',
  '/api/user/list/?page=1&row=20',
  '/api/datasources/tables/?sourceId=1',
];

describe('option sources: a GET of a read route of this server, as a same-origin path', () => {
  it.each(BAD_URLS)('refuses the url %j (parser and web check)', (url) => {
    expect(formOptionUrlProblem(url)).toBeDefined();
    expect(isFormOptionSourceReadable({ url, method: 'get' })).toBe(false);
    const problems = problemsOf(withSource({ from: 'url', url, method: 'get' }));
    expect(problems.some((p) => p.startsWith('fields[0].options.url: must be'))).toBe(true);
  });

  it.each(GOOD_URLS)('accepts the url %j with GET', (url) => {
    expect(formOptionUrlProblem(url)).toBeUndefined();
    expect(isFormOptionSourceReadable({ url, method: 'get' })).toBe(true);
    const parsed = parseFormSchema(withSource({ from: 'url', url, method: 'get', dataPath: 'data' }));
    expect(parsed.ok ? parsed.schema.fields[0] : parsed.problems).toMatchObject({ options: { from: 'url', url, method: 'get' } });
  });

  it('the whitelist is only read routes that answer lists', () => {
    expect([...FORM_OPTION_READ_ROUTES]).toEqual(['/api/select/', '/api/system/menu/', '/api/user/list/', '/api/datasources/tables/']);
  });

  it.each(['post', 'put', 'delete', 'POST', 'GET', 'head', 'fetch'])('refuses the method %j, even on a read route', (method) => {
    expect(problemsOf(withSource({ from: 'url', url: '/api/select/', method }))).toEqual([`fields[0].options.method: must be one of get, not "${method}"`]);
    expect(isFormOptionSourceReadable({ url: '/api/select/', method })).toBe(false);
  });

  it('names the url in the problem', () => {
    expect(problemsOf(withSource({ from: 'url', url: '/api/user/logout/', method: 'post' }))).toEqual([
      'fields[0].options.url: must be one of the read routes /api/select/, /api/system/menu/, /api/user/list/, /api/datasources/tables/ (options are read with the viewer\'s session), not "/api/user/logout/"',
      'fields[0].options.method: must be one of get, not "post"',
    ]);
  });

  it('a version 1 form (form-generator) with a POST source is refused by its version 1 path; GET of a read route upgrades', () => {
    const v1 = (method: string, url = '/api/select/?_flag=questionsClass') => ({
      fields: [{ __config__: { label: '远程', tag: 'el-select', dataType: 'dynamic', url, method }, __vModel__: 'c' }],
    });
    const refused = (input: unknown) => {
      try {
        migrateFormSchema(input);
        return [];
      } catch (e) {
        return (e as FormSchemaError).problems;
      }
    };
    expect(refused(v1('post'))).toContain('fields[0].__config__.method: options are read with GET only (reading them must change nothing), not "post"');
    expect(refused(v1('get', '/api/user/logout/')).join()).toMatch(/options\.url: must be one of the read routes/);
    expect(migrateFormSchema(v1('GET')).fields[0]).toMatchObject({ options: { from: 'url', url: '/api/select/?_flag=questionsClass', method: 'get' } });
  });
});
