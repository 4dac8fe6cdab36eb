import { afterEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
// the shell adds the texts behind the login when it loads; tests render its parts on their own
import '../src/i18n/manage.ts';

// antd dialogs render slowly in jsdom on a busy two-core CI machine: findBy/waitFor wait up to 5 s, not 1 s
configure({ asyncUtilTimeout: 5000 });

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

afterEach(() => {
  cleanup();
  localStorage.clear();
});
