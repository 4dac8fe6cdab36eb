/** How long an import works between two turns of the event loop: about the longest another call (/api/health) waits. */
const SLICE_MS = 10;

export const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Lets the event loop turn once a slice of work has taken SLICE_MS: a long loop of an import checks `due()` per step
 * and awaits `turn()` when it is. SQLite's driver is synchronous, so awaiting a statement lets no other call in; a
 * count of steps would not do either (a step may be a row check or a save of several statements).
 */
export class EventLoopTurns {
  private last = performance.now();

  due(): boolean {
    return performance.now() - this.last >= SLICE_MS;
  }

  async turn(): Promise<void> {
    await yieldToEventLoop();
    this.last = performance.now();
  }
}
