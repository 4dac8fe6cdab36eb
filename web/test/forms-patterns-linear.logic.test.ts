import { describe, expect, it } from 'vitest';
import { compileFormPattern, FORM_PATTERN_LIMITS, formFieldProblem, parseFormSchema, type FormSchema } from '@qb/contracts';

// Issue 17 #3: a form's patterns run in RE2 (re2js, linear time) in the browser and on the server. The browser
// must not hang on a stored hostile pattern either; what RE2 cannot run is refused by the parser.

const CATASTROPHIC = ['^(a+)+$', '^(a|a)*$', '^(a|aa)+$', '^(.*a){12}$', '(a*)*b', '^(\\w+\\s?)*$', '^([a-z]+\\.)+[a-z]+$', '^((a+)+)+$'];
const formWith = (regex: string, flags?: string): FormSchema => ({
  version: 2,
  fields: [{ kind: 'text', name: 'name', label: { zh: '姓名', en: 'Name' }, rules: { patterns: [{ regex, ...(flags ? { flags } : {}) }] } }],
});
const check = (schema: FormSchema, name: string, lang = 'zh') => formFieldProblem(schema, 'name', { name }, lang);

describe('patterns run in linear time', () => {
  it.each(CATASTROPHIC)('%s is accepted and checks an adversarial value at once', (regex) => {
    const parsed = parseFormSchema(formWith(regex));
    expect(parsed.ok).toBe(true);
    const schema = formWith(regex);
    const started = performance.now();
    for (const n of [25, 40, 5_000]) expect(check(schema, `${'a'.repeat(n)}!`)).toBe('姓名格式不正确');
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it.each([
    ['(a*)\\1', /back-reference \(\\1\)/],
    ['(?<x>a)\\k<x>', /back-reference \(\\k\)/],
    ['(?=.*\\d)\\w+', /lookahead or lookbehind/],
    ['(?!a)b', /lookahead or lookbehind/],
    ['(?<=a)b', /lookahead or lookbehind/],
    ['(?<!a)b', /lookahead or lookbehind/],
    ['a\\z', /uses \\z/],
    ['\\Qa\\E', /uses \\Q/],
    ['[[:alpha:]]', /\[:name:\]/],
    ['[]a]', /never matches/],
    ['a{1001}', /cannot be run by the linear-time engine/],
    ['[\\s\\S]{999}[\\s\\S]{999}[\\s\\S]{999}', /too large/],
  ])('refuses %s at parse, naming the field and the pattern', (regex, reason) => {
    const r = parseFormSchema(formWith(regex));
    expect(r.ok).toBe(false);
    const problem = (r as { problems: string[] }).problems[0]!;
    expect(problem.startsWith(`fields[0].rules.patterns[0].regex: the pattern ${JSON.stringify(regex).slice(0, 30)}`)).toBe(true);
    expect(problem).toContain(' of field name ');
    expect(problem).toMatch(reason);
  });

  it("a form's patterns together are bounded, and so is their number per field", () => {
    const big = '[a-z]{1,300}';
    const many: FormSchema = {
      version: 2,
      fields: Array.from({ length: 30 }, (_, i) => ({ kind: 'text' as const, name: `f${i}`, label: { zh: `f${i}` }, rules: { patterns: [{ regex: big }] } })),
    };
    const r = parseFormSchema(many);
    expect(r.ok ? [] : r.problems.join()).toMatch(/larger than 10000 instructions/);
    const crowded = formWith('a');
    (crowded.fields[0] as { rules: { patterns: unknown[] } }).rules.patterns = Array.from({ length: 21 }, () => ({ regex: 'a' }));
    expect(parseFormSchema(crowded)).toEqual({ ok: false, problems: ['fields[0].rules.patterns: more than 20 patterns'] });
  });

  it('keeps the meaning of JavaScript patterns and their flags (i, m, s, u)', () => {
    const cases: [string, string | undefined, string, boolean][] = [
      ['^1(3|4|5|7|8|9)\\d{9}$', undefined, '13812345678', true],
      ['^1(3|4|5|7|8|9)\\d{9}$', undefined, '1381234567x', false],
      ['^abc$', 'i', 'ABC', true],
      ['^abc$', undefined, 'ABC', false],
      ['^b$', 'm', 'a\nb', true],
      ['^b$', undefined, 'a\nb', false],
      ['^a.b$', 's', 'a\nb', true],
      ['^a.b$', undefined, 'a\nb', false],
      ['^a.b$', undefined, 'a\rb', false],
      ['^\\S+$', undefined, 'a\u00a0b', false],
      ['^\\s$', undefined, '\u3000', true],
      ['^\\u4e2d$', undefined, '中', true],
      ['^\\u{1F600}$', 'u', '😀', true],
      ['^\\p{L}+$', 'u', '中文', true],
      ['^\\p{Script=Han}+$', 'u', '中文', true],
      ['^\\p{sc=Han}+$', 'u', 'abc', false],
      ['^\\x41$', undefined, 'A', true],
      ['^(?<y>\\d{4})-\\d{2}$', undefined, '2024-05', true],
      ['^[^]$', undefined, '\n', true],
      ['^[\\w.-]+@[\\w-]+\\.[a-z]{2,}$', 'g', 'a.b@c.org', true],
      ['^\\/\\.$', undefined, '/.', true],
      ['^[\\b]$', undefined, '\b', true],
      ['\\bcat\\b', 'y', 'a cat here', true],
    ];
    for (const [regex, flags, text, expected] of cases) {
      expect(parseFormSchema(formWith(regex, flags)).ok, regex).toBe(true);
      const compiled = compileFormPattern({ regex, flags });
      expect(compiled.ok && compiled.program.test(text), `${regex} /${flags ?? ''} on ${JSON.stringify(text)}`).toBe(expected);
      expect(compiled.ok && compiled.program.test(text)).toBe(new RegExp(regex, (flags ?? '').replace(/[gy]/g, '')).test(text));
    }
  });

  it('a value too long for the work limit is refused with its own message; a pattern of a schema not parsed fails closed', () => {
    const schema = formWith('^[a-z]+$');
    const compiled = compileFormPattern({ regex: '^[a-z]+$' });
    const max = Math.floor(FORM_PATTERN_LIMITS.work / (compiled.ok ? compiled.program.instructions : 1)) - 1;
    expect(check(schema, 'a'.repeat(max))).toBeUndefined();
    expect(check(schema, 'a'.repeat(max + 1))).toBe(`姓名过长，无法按格式规则校验（最多${max}个字符）`);
    expect(check(schema, 'a'.repeat(max + 1), 'en')).toBe(`Name is too long to check against its format (at most ${max} characters)`);
    expect(check(formWith('(a)\\1'), 'aa')).toBe('姓名的格式规则无法校验，请联系管理员修改表单');
  });
});
