import { useSyncExternalStore } from 'react';
import type { ThemeConfig } from 'antd';

/**
 * The antd theme: antd's own blue, grey and status families, each taken a step darker where the default fails
 * WCAG 2.1 AA (issue 13; docs/accessibility.md lists every pair measured). Text and links reach 4.5:1 on white
 * and on the light greys antd puts behind them (#fafafa, #f5f5f5); icons and borders of controls reach 3:1.
 * The app's own CSS uses the same values through the custom properties of styles.css (--qb-*), keep them equal.
 */
export const A11Y_COLORS = {
  /** antd blue-7: white text on it 6.2:1, as text on white 6.2:1 (antd's default #1677ff: 4.1:1) */
  primary: '#0958d9',
  /** between blue-6 and blue-7: hover, 5.2:1 */
  primaryHover: '#1668dc',
  primaryActive: '#003eb3',
  /** the focus ring: antd's default primary (4.1:1 on white, over 3:1 for a focus indicator) */
  focus: '#1677ff',
  /** red-7: 5.6:1 (antd's default #ff4d4f: 3.3:1) */
  error: '#cf1322',
  errorHover: '#d9363e',
  /** green-8: 5.4:1 on the green-1 background of a status tag (default #52c41a: 2.3:1) */
  success: '#237804',
  /** orange-7 for warning icons: 3.6:1 (default #faad14: 1.9:1) */
  warning: '#d46b08',
} as const;

/** Preset tag colours (`<Tag color="green">`): the text shade (`green7`) moved to one that reads 4.5:1 on its light background. */
const PRESET_TEXT: Record<string, string> = {
  green: '#237804',
  gold: '#874d00',
  yellow: '#614700',
  lime: '#3f6600',
  orange: '#ad4e00',
  cyan: '#006d75',
  volcano: '#ad2102',
};
// antd keeps each palette shade twice, `green7` for code and `green-7` for its CSS variable (--ant-green-7): both
const PRESET_TOKENS = Object.fromEntries(
  Object.entries(PRESET_TEXT).flatMap(([name, color]) => [
    [`${name}7`, color],
    [`${name}-7`, color],
  ]),
);

export const APP_THEME: ThemeConfig = {
  // no style generated while rendering: the build extracts antd's styles for this theme (vite.config.ts
  // antdStylesheet); unhashed, so that one stylesheet serves both themes below
  zeroRuntime: true,
  hashed: false,
  token: {
    colorPrimary: A11Y_COLORS.primary,
    colorInfo: A11Y_COLORS.primary,
    colorLink: A11Y_COLORS.primary,
    colorLinkHover: A11Y_COLORS.primaryHover,
    colorLinkActive: A11Y_COLORS.primaryActive,
    colorPrimaryHover: A11Y_COLORS.primaryHover,
    colorPrimaryActive: A11Y_COLORS.primaryActive,
    colorPrimaryBorder: A11Y_COLORS.focus,
    lineWidthFocus: 2,
    colorError: A11Y_COLORS.error,
    colorErrorHover: A11Y_COLORS.errorHover,
    colorSuccess: A11Y_COLORS.success,
    // the success family generated from so dark a green turns grey: antd's own light greens kept around it
    colorSuccessBg: '#f6ffed',
    colorSuccessBgHover: '#d9f7be',
    colorSuccessBorder: '#b7eb8f',
    colorSuccessBorderHover: '#95de64',
    colorSuccessHover: '#389e0d',
    colorSuccessActive: '#135200',
    colorSuccessTextHover: '#389e0d',
    colorSuccessText: A11Y_COLORS.success,
    colorSuccessTextActive: '#135200',
    colorWarning: A11Y_COLORS.warning,
    // greys: secondary stays antd's 0.65 (7:1); tertiary, placeholder and disabled texts from 0.45/0.25 to 0.57
    // (5.1:1 on white, 5.0:1 on #fafafa and #f5f5f5); quaternary (icons, clear buttons) to 0.45 (3.4:1)
    colorTextSecondary: 'rgba(0, 0, 0, 0.65)',
    colorTextTertiary: 'rgba(0, 0, 0, 0.57)',
    colorTextDescription: 'rgba(0, 0, 0, 0.57)',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.57)',
    colorTextDisabled: 'rgba(0, 0, 0, 0.57)',
    colorTextQuaternary: 'rgba(0, 0, 0, 0.45)',
    borderRadius: 6,
    ...PRESET_TOKENS,
  },
};

/**
 * The theme for a person who asked their system for less motion (prefers-reduced-motion: reduce, WCAG 2.3.3):
 * antd's motion off — dialogs, menus, messages and tabs appear and go at once.
 */
export const STILL_THEME: ThemeConfig = { ...APP_THEME, token: { ...APP_THEME.token, motion: false } };

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

/** The theme for this person's motion setting, following a change of it while the app is open. */
export function useAppTheme(): ThemeConfig {
  const reduced = useSyncExternalStore(subscribeReducedMotion, reducedMotion, () => false);
  return reduced ? STILL_THEME : APP_THEME;
}

function reducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(REDUCED_MOTION).matches;
}

function subscribeReducedMotion(changed: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => undefined;
  const query = window.matchMedia(REDUCED_MOTION);
  query.addEventListener('change', changed);
  return () => query.removeEventListener('change', changed);
}
