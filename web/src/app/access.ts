import { ownValue } from '@qb/contracts';
import { useCallback, useMemo } from 'react';
import type { GrantAction, UserInfo } from '@qb/contracts';
import { useMenuTree, useUserInfo } from './shellData.ts';

export type Can = Record<GrantAction, boolean>;

const ALL: Can = { view: true, save: true, delete: true, import: true, export: true };
const NONE: Can = { view: false, save: false, delete: false, import: false, export: false };

/** What the signed-in account may do on a table: everything for an administrator, else its grants (the server decides anyway). */
export function canOn(user: UserInfo | undefined, flag: string): Can {
  // until the account is known, nothing is hidden: the server refuses what is not granted
  if (!user || user.isAdmin || !user.grants) return ALL;
  const granted = ownValue(user.grants, flag) ?? [];
  return { ...NONE, ...Object.fromEntries(granted.map((a) => [a, true])) };
}

export function useCan(flag: string): Can {
  const user = useUserInfo().data;
  return useMemo(() => canOn(user, flag), [user, flag]);
}

/** Pages every signed-in account may open (the landing page and its own profile). */
const ALWAYS = new Set(['/manage/home', '/manage/profile']);

/**
 * Whether the account may open a page: an administrator any, others the pages of the menus granted to them. Until the
 * account or its menu is known (undefined), nothing is refused here: the server refuses what is not granted.
 */
export function mayOpenPage(user: UserInfo | undefined, menuRoutePaths: readonly string[] | undefined, path: string): boolean {
  return !user || user.isAdmin || !menuRoutePaths || ALWAYS.has(path) || menuRoutePaths.includes(path);
}

export function useMayOpen(): (path: string) => boolean {
  const user = useUserInfo().data;
  const menu = useMenuTree();
  return useCallback((path: string) => mayOpenPage(user, menu.isSuccess ? menu.routePaths : undefined, path), [user, menu.isSuccess, menu.routePaths]);
}
