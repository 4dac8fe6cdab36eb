import net from 'node:net';
import { vi } from 'vitest';

/** Shared by attack-sources.test.ts and attack-sources-files.test.ts (issue 17 #5, #6). */

/** One of each class: NUL, TAB, LF, CR, other C0 (SOH, ESC, US), DEL, C1 (PAD, NEL, APC). */
export const CONTROL_CHARACTERS = ['\u0000', '\t', '\n', '\r', '\u0001', '\u001b', '\u001f', '\u007f', '\u0080', '\u0085', '\u009f'];
/** Records every outgoing TCP connection attempt and refuses it (no traffic leaves the test, even were a check gone). */
export function blockConnections(): { attempts: unknown[][]; restore(): void } {
  const attempts: unknown[][] = [];
  const spy = vi.spyOn(net.Socket.prototype, 'connect').mockImplementation(function (this: net.Socket, ...args: unknown[]) {
    attempts.push(args);
    process.nextTick(() => this.destroy(Object.assign(new Error('connection blocked by the test'), { code: 'ECONNREFUSED' })));
    return this;
  } as never);
  return { attempts, restore: () => spy.mockRestore() };
}
