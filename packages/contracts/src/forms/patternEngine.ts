import { RE2JS } from 're2js';
import type { FormPatternRule } from './types.ts';

// A form's pattern rules run in RE2 (re2js, pure JavaScript, linear time in the text), never in the backtracking
// RegExp engine: `^(a+)+$` on `aaaa…!` costs microseconds on the server and in the browser (docs/forms.md
// "Patterns"). The source stays a JavaScript regular expression; it is translated here to RE2's syntax, and what
// RE2 cannot run, or would read differently, is refused with the reason.

export const FORM_PATTERN_LIMITS = {
  /** instructions of one compiled pattern (RE2's program; `[\s\S]{1000}` is about 1,000) */
  instructions: 2_000,
  /** instructions of all patterns of one form */
  formInstructions: 10_000,
  /** patterns of one field */
  perField: 20,
  /** (characters + 1) × instructions one check may cost: about 20 ms in the slowest case (RE2's NFA) */
  work: 1_000_000,
} as const;

export interface FormPatternProgram {
  /** whether the pattern matches somewhere in the text (RegExp.prototype.test) */
  test(text: string): boolean;
  instructions: number;
}

export type FormPatternCompile = { ok: true; program: FormPatternProgram } | { ok: false; reason: string };

/** JavaScript's \s (ECMAScript WhiteSpace and LineTerminator); RE2's \s is only [\t\n\f\r ]. */
const JS_SPACE = '\\t\\n\\x{0B}\\f\\r \\x{A0}\\x{1680}\\x{2000}-\\x{200A}\\x{2028}\\x{2029}\\x{202F}\\x{205F}\\x{3000}\\x{FEFF}';
const JS_DOT = '[^\\n\\r\\x{2028}\\x{2029}]';
const hex = (n: number) => `\\x{${n.toString(16).toUpperCase()}}`;

/** The RE2 source of a JavaScript pattern, or why it has none. */
export function translateFormPattern(source: string, flags: string): { ok: true; re2: string } | { ok: false; reason: string } {
  const unicode = flags.includes('u');
  const dotAll = flags.includes('s');
  let out = '';
  let inClass = false;
  const refuse = (reason: string) => ({ ok: false as const, reason });
  for (let i = 0; i < source.length; i++) {
    const c = source[i]!;
    if (c === '\\') {
      const e = source[i + 1];
      if (e === undefined) return refuse('ends with a backslash');
      i++;
      if (/[1-9]/.test(e) || e === 'k') return refuse(`uses a back-reference (\\${e}), which a linear-time engine cannot run`);
      if (e === '0') {
        if (/[0-9]/.test(source[i + 1] ?? '')) return refuse('uses an octal escape');
        out += '\\x{0}';
      } else if ('dDwW'.includes(e) || 'nrtfv'.includes(e)) out += `\\${e}`;
      else if (e === 'b' || e === 'B') {
        if (inClass && e === 'B') return refuse('uses \\B inside a character class');
        out += inClass ? '\\x{8}' : `\\${e}`;
      } else if (e === 's') out += inClass ? JS_SPACE : `[${JS_SPACE}]`;
      else if (e === 'S') out += inClass ? '\\S' : `[^${JS_SPACE}]`;
      else if (e === 'x') {
        const m = /^[0-9A-Fa-f]{2}/.exec(source.slice(i + 1));
        if (!m) return refuse('uses \\x without two hexadecimal digits');
        out += hex(parseInt(m[0], 16));
        i += 2;
      } else if (e === 'u') {
        const braced = unicode ? /^\{([0-9A-Fa-f]{1,6})\}/.exec(source.slice(i + 1)) : null;
        const four = /^[0-9A-Fa-f]{4}/.exec(source.slice(i + 1));
        let code: number;
        if (braced) {
          code = parseInt(braced[1]!, 16);
          i += braced[0].length;
        } else if (four) {
          code = parseInt(four[0], 16);
          i += 4;
          const low = /^\\u([Dd][C-Fc-f][0-9A-Fa-f]{2})/.exec(source.slice(i + 1));
          if (code >= 0xd800 && code <= 0xdbff && low) {
            code = 0x10000 + ((code - 0xd800) << 10) + (parseInt(low[1]!, 16) - 0xdc00);
            i += 6;
          }
        } else return refuse('uses \\u without four hexadecimal digits');
        if (code >= 0xd800 && code <= 0xdfff) return refuse('names a lone surrogate (\\u' + code.toString(16) + ')');
        out += hex(code);
      } else if (e === 'c') {
        const letter = source[i + 1] ?? '';
        if (!/[A-Za-z]/.test(letter)) return refuse('uses \\c without a letter');
        out += hex(letter.charCodeAt(0) % 32);
        i++;
      } else if ((e === 'p' || e === 'P') && unicode) {
        // a general category or a script (\p{L}, \p{gc=L}, \p{Script=Han}); RE2 knows both by the bare name
        const m = /^\{(?:(?:General_Category|gc|Script|sc)=)?([A-Za-z_]+)\}/.exec(source.slice(i + 1));
        if (!m) return refuse(`uses \\${e}{…} with a property the linear-time engine does not know (write \\p{L}, \\p{Script=Han}…)`);
        out += `\\${e}{${m[1]}}`;
        i += m[0].length;
      } else if (/[A-Za-z]/.test(e)) return refuse(`uses \\${e}, which means "${e}" here but something else in the linear-time engine (write ${e})`);
      else if (e.charCodeAt(0) < 128) out += `\\${e}`;
      else out += e;
      continue;
    }
    if (inClass) {
      if (c === ']') inClass = false;
      if (c === '[' && /^\[:[A-Za-z]+:\]/.test(source.slice(i))) return refuse('uses [:name:] inside a character class');
      out += c === '[' ? '\\[' : c;
      continue;
    }
    if (c === '[') {
      if (source[i + 1] === ']') return refuse('uses [], which never matches');
      if (source.startsWith('[^]', i)) {
        out += '[\\x{0}-\\x{10FFFF}]';
        i += 2;
        continue;
      }
      inClass = true;
      out += c;
      if (source[i + 1] === '^') {
        out += '^';
        i++;
      }
      continue;
    }
    if (c === '.') out += dotAll ? '(?s:.)' : JS_DOT;
    else if (c === '(' && source[i + 1] === '?') {
      if (/^\(\?(=|!|<=|<!)/.test(source.slice(i)))
        return refuse('uses a lookahead or lookbehind ((?=…), (?!…), (?<=…), (?<!…)), which a linear-time engine cannot run');
      if (source[i + 2] === '<') {
        out += '(?P<';
        i += 2;
      } else out += c;
    } else out += c;
  }
  return { ok: true, re2: out };
}

const cache = new Map<string, FormPatternCompile>();
const CACHE_SIZE = 128;

/** A pattern compiled for the linear-time engine (cached; the lazy DFA is dropped after each check). */
export function compileFormPattern(rule: Pick<FormPatternRule, 'regex' | 'flags'>): FormPatternCompile {
  const flags = rule.flags ?? '';
  const key = `${flags}/${rule.regex}`;
  const hit = cache.get(key);
  if (hit) {
    cache.delete(key);
    cache.set(key, hit);
    return hit;
  }
  const result = compileUncached(rule.regex, flags);
  cache.set(key, result);
  if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value!);
  return result;
}

function compileUncached(regex: string, flags: string): FormPatternCompile {
  const translated = translateFormPattern(regex, flags);
  if (!translated.ok) return translated;
  let compiled: RE2JS;
  try {
    compiled = RE2JS.compile(translated.re2, (flags.includes('i') ? RE2JS.CASE_INSENSITIVE : 0) | (flags.includes('m') ? RE2JS.MULTILINE : 0));
  } catch (error) {
    return { ok: false, reason: `cannot be run by the linear-time engine (${(error as Error).message.replace(/^error parsing regexp: /, '')})` };
  }
  const instructions = compiled.re2().numberOfInstructions() as number;
  if (instructions > FORM_PATTERN_LIMITS.instructions) {
    return { ok: false, reason: `is too large (${instructions} instructions once compiled, at most ${FORM_PATTERN_LIMITS.instructions})` };
  }
  const re2 = compiled.re2() as unknown as { lazyDFA?: unknown };
  return {
    ok: true,
    program: {
      instructions,
      test(text: string): boolean {
        try {
          return compiled.test(text);
        } finally {
          // the DFA's state cache grows to 8 MB on hostile text: keep none between checks
          if ('lazyDFA' in re2) re2.lazyDFA = null;
        }
      },
    },
  };
}

/** What checking `text` against a program costs, in the unit of FORM_PATTERN_LIMITS.work. */
export function formPatternWork(program: FormPatternProgram, text: string): number {
  return (text.length + 1) * program.instructions;
}

/** The longest text a program may check within the work limit. */
export function formPatternMaxLength(program: FormPatternProgram): number {
  return Math.floor(FORM_PATTERN_LIMITS.work / program.instructions) - 1;
}
