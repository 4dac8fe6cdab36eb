import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, waitFor } from '@testing-library/react';
import { useIdlePreload } from '../src/app/idlePreload.ts';
import { connSqlPage } from '../src/pages/datasources/ConnSqlPage.tsx';

// app/idlePreload.ts: the code a page opens on demand loads once the page has shown its rows and the browser is
// idle (issue 19 speed: 数据源's dialog, the designer's JSON editor), once, and never before.
function Page({ ready, load }: { ready: boolean; load: () => Promise<unknown> }) {
  useIdlePreload(ready, load);
  return <p>page</p>;
}

afterEach(() => vi.unstubAllGlobals());

describe('loading on-demand code when idle', () => {
  it('waits for the page to be ready and for an idle moment, then loads once', async () => {
    const idle: (() => void)[] = [];
    vi.stubGlobal('requestIdleCallback', (fn: () => void) => idle.push(fn));
    const load = vi.fn(async () => ({}));
    const view = render(<Page ready={false} load={load} />);
    view.rerender(<Page ready={false} load={load} />);
    expect(idle).toHaveLength(0);
    view.rerender(<Page ready load={load} />);
    expect(load).not.toHaveBeenCalled(); // not before the browser is idle
    idle.splice(0).forEach((fn) => fn());
    expect(load).toHaveBeenCalledTimes(1);
    view.rerender(<Page ready load={load} />);
    expect(idle).toHaveLength(0);
  });

  it('a failed load is left for the click (no unhandled rejection)', async () => {
    const load = vi.fn(() => Promise.reject(new Error('offline')));
    render(<Page ready load={load} />);
    await waitFor(() => expect(load).toHaveBeenCalled());
  });

  it('数据源 declares its own dialog’s code for it', async () => {
    expect(connSqlPage.loadEditDialog).toBeTypeOf('function');
    const module = (await connSqlPage.loadEditDialog!()) as { default: unknown };
    expect(module.default).toBeTypeOf('function'); // the dialog component the lazy editDialog renders
  });
});
