import { lazy, Suspense, useEffect, useMemo, useRef, useState, type ComponentType } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { FormSchema } from '@qb/contracts';
import { ApiError } from '../../api/index.ts';
import { TablePage } from '../../crud/TablePage.tsx';
import type { PageOverrides } from '../../crud/configFromMeta.ts';
import { readLayoutRecord, saveLayoutForm } from '../../crud/layoutRecord.ts';
import type { Row, RowButton } from '../../crud/types.ts';
import { useCan } from '../../app/access.ts';
import { menuIcon } from '../../app/menuIcons.tsx';
import { menuQuery, queryKeys } from '../../app/queryClient.ts';
import { useMenuName, type NamedMenu } from '../menuTitles.ts';
import { useToast } from '../../app/toast.ts';
import { IconPicker } from '../../forms/IconPicker.tsx';
import { LayoutDesignDrawer } from './LayoutDesignDrawer.tsx';
import { parentTreeSelect } from './ParentTreeSelect.tsx';
import './system.css';

/** What the form designer takes (web/src/designer/FormDesignerDialog.tsx, DESIGN.md). */
interface DesignerProps {
  open: boolean;
  title?: string;
  initialSchema?: FormSchema;
  onCancel(): void;
  onConfirm(schema: FormSchema): void;
}

// the designer is another part's; until its file exists the glob is empty and 表单设计 says it is not available
const designerModules = import.meta.glob<{ default: ComponentType<DesignerProps> }>('../../designer/FormDesignerDialog.tsx');
const loadDesigner = Object.values(designerModules)[0];
const FormDesignerDialog = loadDesigner ? lazy(loadDesigner) : undefined;

/** The menu's parent from the menus as a tree (0: 顶级菜单), siblings as the navigation orders them. */
const MenuParentSelect = parentTreeSelect({
  flag: 'sys_menu',
  parentField: 'parentMenu',
  rootKey: 'pages.menu.root',
  sort: { field: 'sortNum', order: 'desc' },
  testId: 'menu-parent',
});

/**
 * 菜单管理: every menu as a tree by parentMenu (siblings by sortNum as the navigation shows them), the parent shown
 * by name, the icon drawn; the form's parent is a tree select under 顶级菜单, the icon is picked from the icons
 * the navigation can draw; defaults parent 0, type 1, status 1 (SPEC.md §5, from the metadata).
 */
export const menuPage: PageOverrides = {
  key: 'menu',
  flag: 'sys_menu',
  titleKey: 'route.menu',
  tree: { parentField: 'parentMenu', mode: 'client' },
  order: ['parentMenu', 'name', 'nameEn', 'menuType', 'icon', 'menuMark', 'url', 'sortNum', 'display', 'createTime'],
  // at 1280 px the shown columns and the fixed 操作 (five actions, "Data design … Delete" in English) fit side by side
  // in both languages, none under it (issue 31 #4, #8): the icon is drawn alone (its name as its title), the type,
  // the identifier, the order and the creation time are in 列设置, off until someone shows them. The widths are the
  // English ones; in Chinese the list is wider than they add up to and stretches them.
  fields: {
    // in the page's language as the navigation names it: in English the English name, else a seeded name translated
    name: { column: { width: 145, render: (value, row) => <MenuName menu={{ name: String(value ?? ''), nameEn: row.nameEn as string | null }} /> } },
    // the list's 菜单名称 shows it in English; the column itself is in 列设置, the dialog edits it
    nameEn: { column: { hidden: true } },
    menuType: { column: { hidden: true } },
    icon: { column: { kind: 'icon', width: 60, sortable: false, render: (value) => <MenuIconCell name={value} /> }, component: IconPicker },
    parentMenu: { column: { width: 100, render: (value) => <ParentMenuName id={value} /> }, component: MenuParentSelect },
    url: { column: { width: 135 } },
    display: { column: { width: 80 } },
    menuMark: { column: { hidden: true } },
    sortNum: { column: { hidden: true } },
    createTime: { column: { hidden: true } },
  },
};

/** The menu's icon as the navigation draws it, its name as its title and as the text a screen reader reads (— when none). */
function MenuIconCell({ name }: { name: unknown }) {
  const icon = typeof name === 'string' ? name.trim() : '';
  if (!icon) return <span className="qb-cell-none">—</span>;
  return (
    <span className="qb-cell-icon" title={icon}>
      <span aria-hidden="true">{menuIcon(icon, false)}</span>
      <span className="qb-sr-only">{icon}</span>
    </span>
  );
}

/** The parent's name as the navigation names it (— for the top level), from the menus the shell has read. */
function ParentMenuName({ id }: { id: unknown }) {
  const menus = useQuery(menuQuery);
  const parent = Number(id) ? menus.data?.find((m) => Number(m.id) === Number(id)) : undefined;
  return parent ? <MenuName menu={parent} /> : <span className="qb-cell-none">—</span>;
}

/**
 * A menu's name in the page's language (its English name in English, else the seeded translation, else as stored),
 * cut by the column's ellipsis with the whole name as its title.
 */
function MenuName({ menu }: { menu: NamedMenu }) {
  const name = useMenuName()(menu);
  return (
    <span className="qb-cell-text" title={name}>
      {name}
    </span>
  );
}

export default function MenuPage() {
  const { t } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [layoutOf, setLayoutOf] = useState<Row>();
  const [design, setDesign] = useState<{ menu: Row; schema?: FormSchema }>();

  // a saved or deleted menu shows in the side navigation: when the list reads rows that differ from those it had
  // (a write; react-query keeps the same object for equal answers), the navigation reads the menus again
  useEffect(() => {
    const seen = new Map<string, unknown>();
    // rows read before the page mounted (the route prefetches them) count as seen
    for (const query of queryClient.getQueryCache().findAll({ queryKey: ['crud', menuPage.key] })) seen.set(query.queryHash, query.state.data);
    return queryClient.getQueryCache().subscribe((event) => {
      const { queryKey, queryHash, state } = event.query;
      if (event.type !== 'updated' || event.action.type !== 'success' || queryKey[0] !== 'crud' || queryKey[1] !== menuPage.key) return;
      const before = seen.get(queryHash);
      seen.set(queryHash, state.data);
      if (before !== undefined && before !== state.data) void queryClient.invalidateQueries({ queryKey: queryKeys.menu });
    });
  }, [queryClient]);

  const openDesigner = async (menu: Row) => {
    if (!FormDesignerDialog) return toast.warning(t('pages.menu.designerMissing'));
    try {
      const record = await readLayoutRecord(Number(menu.id));
      setDesign({ menu, schema: record.form });
    } catch {
      // the API client has shown why
    }
  };
  const confirmDesign = async (schema: FormSchema) => {
    if (!design) return;
    try {
      // the designed form is kept in the menu's layout record beside the table and columns (docs/designer.md), also
      // when the menu has no data design yet; the stored data design is kept as it is
      await saveLayoutForm(Number(design.menu.id), schema);
      toast.success(t('pages.menu.formSaved'));
      setDesign(undefined);
      void queryClient.invalidateQueries({ queryKey: ['menuLayout'] });
    } catch (error) {
      // the server's message (saves are silent in the client); the designer stays open
      if (!(error instanceof ApiError && error.sessionExpired)) toast.error(error instanceof Error ? error.message : t('http.failed'));
    }
  };

  const designRef = useRef(openDesigner);
  designRef.current = openDesigner;
  // the overrides stay one object while the grants do (the table keeps its state); the buttons call the current
  // handlers. Data and form design write the layout record: shown to a role that may save it.
  const canDesign = useCan('sys_layList').save;
  const page = useMemo<PageOverrides>(() => {
    const rowButtons: RowButton[] = [
      { key: 'dataDesign', labelKey: 'pages.menu.dataDesign', onClick: (row) => setLayoutOf(row) },
      { key: 'formDesign', labelKey: 'pages.menu.formDesign', onClick: (row) => void designRef.current(row) },
    ];
    return canDesign ? { ...menuPage, rowButtons } : menuPage;
  }, [canDesign]);

  return (
    <>
      <TablePage page={page} />
      <LayoutDesignDrawer menu={layoutOf} onClose={() => setLayoutOf(undefined)} />
      {FormDesignerDialog && design && (
        <Suspense fallback={null}>
          <FormDesignerDialog
            open
            title={`${t('pages.menu.formDesign')} - ${String(design.menu.name ?? '')}`}
            initialSchema={design.schema}
            onCancel={() => setDesign(undefined)}
            onConfirm={(schema) => void confirmDesign(schema)}
          />
        </Suspense>
      )}
    </>
  );
}
