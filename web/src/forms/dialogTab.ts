import type { KeyboardEvent } from 'react';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** The elements Tab reaches in a dialog, in order (visible, enabled). */
function tabStops(dialog: Element): HTMLElement[] {
  return [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (e) => e.tabIndex >= 0 && !e.closest('[aria-hidden="true"], [inert]') && (e.offsetWidth > 0 || e.offsetHeight > 0 || e.getClientRects().length > 0),
  );
}

/**
 * Tab from a dialog's last stop goes to its first, Shift+Tab from its first to its last. antd's focus lock pulls the
 * focus back only when another element takes it: past the last button the browser gave it to the page itself, one stop
 * outside the open dialog (issue 31 #8). Give it to a dialog's content as its keydown handler (Modal's modalRender).
 */
export function keepTabInDialog(event: KeyboardEvent<HTMLElement>): void {
  if (event.key !== 'Tab' || event.defaultPrevented) return;
  const dialog = (event.target as HTMLElement).closest('[role="dialog"]');
  if (!dialog) return;
  const stops = tabStops(dialog);
  if (stops.length === 0) return;
  const first = stops[0]!;
  const last = stops[stops.length - 1]!;
  const active = document.activeElement;
  if (!event.shiftKey && active === last) {
    event.preventDefault();
    first.focus();
  } else if (event.shiftKey && active === first) {
    event.preventDefault();
    last.focus();
  }
}
