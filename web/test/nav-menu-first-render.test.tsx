import { Profiler } from 'react';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { MenuNode } from '../src/app/menuTree.ts';
import { NavMenu } from '../src/shell/NavMenu.tsx';

// Issue 31: a typed URL of a page inside a menu group renders the menu once as it opens, with the group already open
// (the menu's open groups were set in an effect: every item rendered a second time, before the page was usable).
const page = (id: number, name: string, path: string): MenuNode => ({
  id,
  key: String(id),
  name,
  nameEn: null,
  icon: null,
  target: { kind: 'route', path },
  children: [],
});
const tree: MenuNode[] = [
  {
    id: 1,
    key: '1',
    name: '系统管理',
    nameEn: null,
    icon: null,
    target: { kind: 'none' },
    children: [page(2, '角色管理', '/manage/role'), page(3, '用户管理', '/manage/user')],
  },
  page(4, '题库', '/manage/questionBank'),
];

describe('the navigation menu on a typed URL', () => {
  it("opens the current page's group in its first render, not in an update after it", () => {
    const commits: string[] = [];
    render(
      <MemoryRouter>
        <Profiler id="menu" onRender={(_id, phase) => commits.push(phase)}>
          <NavMenu
            tree={tree}
            loading={false}
            failed={false}
            onRetry={() => undefined}
            collapsed={false}
            currentPath="/manage/role"
            menuLabel={(n) => n.name}
          />
        </Profiler>
      </MemoryRouter>,
    );
    expect(screen.getByText('系统管理').closest('.ant-menu-submenu')?.classList.contains('ant-menu-submenu-open')).toBe(true);
    expect(screen.getByText('角色管理').closest('.ant-menu-item')?.classList.contains('ant-menu-item-selected')).toBe(true);
    // one update after the mount is antd's menu's own: it records its items' paths once they have mounted
    // (@rc-component/menu useKeyRecords); opening the group in an effect added two more
    expect(commits).toEqual(['mount', 'nested-update']);
  });
});
