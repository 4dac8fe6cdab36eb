import { afterEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import * as React from 'react';
// the shell adds the texts behind the login when it loads; tests render its parts on their own
import '../src/i18n/manage.ts';
import { resetSharedState } from './shared-state.ts';

/**
 * How long findBy/waitFor wait: a ceiling for a wait that never ends, not a speed check. What they wait for is antd
 * rendering in jsdom, CPU-heavy work that stretches with the machine's load: the first 数据源 dialog of a worker took
 * 3.3 s with the machine at load 5 and 12-17 s at load 20 (two cores), a warm table page 0.7 s and 6-10 s; 5 s was met
 * under load. Within the 60 s test timeout (vitest.config.ts).
 */
configure({ asyncUtilTimeout: 20_000 });

// antd reads matchMedia (responsive grid, Sider breakpoints); jsdom has none
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: vi.fn().mockImplementation((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: vi.fn(),
    removeListener: vi.fn(),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    dispatchEvent: vi.fn(),
  })),
});

/**
 * React's development build (the one tests run: act() needs it) records, for every element it creates, the stack of
 * its creation (an Error captured with ten frames) and a console task, up to 10,000 elements a second, for the owner
 * stacks of its warnings. Re-rendering antd's forms on each keystroke creates far more than that:
 * React.createElement was the hottest function of a profile of designer-ui.test.tsx (10% of its time, self). With the
 * count held above the limit every element gets React's shared "unknown owner" stack instead: warnings still print,
 * with a shorter component stack; nothing the app renders or does changes. designer-ui and crud-page side by side:
 * 8% less CPU (user 30.1 s against 33.0 s, medians of three interleaved pairs, load 15-25).
 */
const internals = (React as unknown as Record<string, object>).__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE;
Object.defineProperty(internals, 'recentlyCreatedOwnerStacks', { configurable: true, get: () => Infinity, set() {} });

if (typeof window.ResizeObserver === 'undefined') {
  window.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
}

// antd measures scrollbars through getComputedStyle with pseudo elements, which jsdom does not implement
const getComputedStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (el: Element) => getComputedStyle(el);

/**
 * antd's CSS-in-JS writes thousands of rules into <style> elements, and jsdom's getComputedStyle matches every rule
 * against the element and, for an inherited property such as visibility, against each of its ancestors: 79% of the
 * component suite's time (a profile of crud-page.test.tsx) went there, called by Testing Library's role queries
 * (is it hidden?), user-event's pointer-events check and antd's layout effects. jsdom lays nothing out, so the only
 * rules that change what a test can see or click are the ones that hide an element or stop the pointer: a style
 * element keeps its display:none, visibility and pointer-events declarations (the overrides of the last two as well,
 * antd turns pointer-events off and on again; inside @media and the like too) and drops the rest. What the element was given is still what innerHTML reads, so antd's "is it already
 * injected" check holds.
 */
export function keepHidingRules(css: string): string {
  const kept: string[] = [];
  let i = 0;
  while (i < css.length) {
    const open = css.indexOf('{', i);
    if (open < 0) break;
    const prelude = css.slice(i, open).trim();
    let depth = 1;
    let j = open + 1;
    while (j < css.length && depth > 0) {
      if (css[j] === '{') depth++;
      else if (css[j] === '}') depth--;
      j++;
    }
    const body = css.slice(open + 1, j - 1);
    if (prelude.startsWith('@')) {
      if (/^@(media|supports|layer|container)\b/.test(prelude)) {
        const inner = keepHidingRules(body);
        if (inner) kept.push(`${prelude}{${inner}}`);
      }
    } else {
      const decls = body.split(';').filter((d) => /^\s*(display\s*:\s*none|visibility\s*:|pointer-events\s*:)/i.test(d));
      if (decls.length > 0) kept.push(`${prelude}{${decls.join(';')}}`);
    }
    i = j;
  }
  return kept.join('');
}

const innerHTML = Object.getOwnPropertyDescriptor(Element.prototype, 'innerHTML')!;
const given = new WeakMap<Element, string>();
Object.defineProperty(HTMLStyleElement.prototype, 'innerHTML', {
  configurable: true,
  get(this: HTMLStyleElement) {
    return given.get(this) ?? innerHTML.get!.call(this);
  },
  set(this: HTMLStyleElement, css: string) {
    given.set(this, css);
    innerHTML.set!.call(this, keepHidingRules(String(css)));
  },
});

afterEach(async () => {
  cleanup();
  localStorage.clear();
  await resetSharedState();
});
