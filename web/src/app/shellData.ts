import { useCallback, useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { menuTreeFor, routePathsOf } from './menuTree.ts';
import { menuQuery, userInfoQuery } from './queryClient.ts';

/** The account and the menu every part of the app reads (one query each, shared through the query cache). */

export function useMenuTree() {
  const query = useQuery(menuQuery);
  // an administrator finds the hidden data pages under 开发工具 (menuTree.ts, withAdministratorTools)
  const isAdmin = useUserInfo().data?.isAdmin === true;
  const tree = useMemo(() => menuTreeFor(query.data ?? [], isAdmin), [query.data, isAdmin]);
  const routePaths = useMemo(() => routePathsOf(tree), [tree]);
  return { ...query, tree, routePaths };
}

export function useUserInfo() {
  return useQuery(userInfoQuery);
}

/**
 * A stored menu name in the page's language: in English a name the server seeds is translated through `menuName`;
 * undefined for any other name (an operator's). The navigation, the tabs and 菜单管理 all name menus through it.
 */
export function useSeededMenuName(): (name: string) => string | undefined {
  const { t, i18n } = useTranslation();
  const english = i18n.language !== 'zh-CN';
  const names = t('menuName', { returnObjects: true }) as Record<string, string>;
  return useCallback(
    (name: string) => (english && typeof names === 'object' && names && Object.hasOwn(names, name) ? names[name] : undefined),
    [english, names],
  );
}
