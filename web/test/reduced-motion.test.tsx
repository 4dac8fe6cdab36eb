import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { theme } from 'antd';
import { AppProviders } from '../src/shell/AppProviders.tsx';

/** A matchMedia whose prefers-reduced-motion answer the test sets, and can change while the app is open. */
function motionSetting(reduced: boolean) {
  const listeners = new Set<() => void>();
  const state = { reduced };
  vi.mocked(window.matchMedia).mockImplementation(
    (query: string) =>
      ({
        get matches() {
          return query.includes('prefers-reduced-motion') && state.reduced;
        },
        media: query,
        addEventListener: (_: string, l: () => void) => listeners.add(l),
        removeEventListener: (_: string, l: () => void) => listeners.delete(l),
        addListener: vi.fn(),
        removeListener: vi.fn(),
      }) as unknown as MediaQueryList,
  );
  return {
    change(next: boolean) {
      state.reduced = next;
      for (const l of listeners) l();
    },
  };
}

function Motion() {
  const { token } = theme.useToken();
  return <span data-testid="motion">{String(token.motion)}</span>;
}

const setupMatchMedia = vi.mocked(window.matchMedia).getMockImplementation()!;
afterEach(() => {
  vi.mocked(window.matchMedia).mockImplementation(setupMatchMedia);
});

describe('prefers-reduced-motion', () => {
  it('turns antd’s motion off for a person who asked for less motion, and on again when the setting changes', () => {
    const setting = motionSetting(true);
    render(
      <AppProviders>
        <Motion />
      </AppProviders>,
    );
    expect(screen.getByTestId('motion').textContent).toBe('false');
    act(() => setting.change(false));
    expect(screen.getByTestId('motion').textContent).toBe('true');
  });

  it('keeps motion for everyone else', () => {
    motionSetting(false);
    render(
      <AppProviders>
        <Motion />
      </AppProviders>,
    );
    expect(screen.getByTestId('motion').textContent).toBe('true');
  });
});
