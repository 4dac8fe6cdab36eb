import { useMemo, useState } from 'react';
import type { ButtonProps } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { selectRows } from '../../api/index.ts';
import { createTablePage, LOCAL_SOURCE_ID, readBackTable } from '../../api/datasources.ts';
import { TablePage } from '../../crud/TablePage.tsx';
import type { PageOverrides } from '../../crud/configFromMeta.ts';
import type { PageContextApi, Row } from '../../crud/types.ts';
import { useCan } from '../../app/access.ts';
import { queryKeys } from '../../app/queryClient.ts';
import { useToast } from '../../app/toast.ts';
import { SOURCE_PAGE_SIZES, SOURCES_QUERY_KEY } from './shared.ts';
import { SourceTree, type SourceChoice } from './SourceTree.tsx';
import TableDefinitionDialog, { ChosenSourceContext } from './TableDefinitionDialog.tsx';
import { GeneratedPageParent } from '../system/GeneratedPageParent.tsx';
import { chooseTableToReadBack, createTableWithPreview, HistoryDrawer, showFailure } from './tableActions.tsx';
import './datasources.css';

/** SPEC.md §9: dependent lists read row 9999. */
const SOURCES_ROW = 9999;

/**
 * 数据库管理 (SPEC.md §2): the sources on the left, the table definitions of the chosen one on the right (all of
 * them while none is chosen), each with 创建表 (SQL preview, then run), 历史 and 生成页面.
 */
export default function DataManaPage() {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const can = useCan('sys_dataSheet');
  // a generated page is a menu entry: the server wants save on sys_menu too
  const canMenu = useCan('sys_menu').save;
  const [chosen, setChosen] = useState<SourceChoice>();
  const [history, setHistory] = useState<{ id: number; tableName: string }>();
  const connections = useQuery({
    queryKey: SOURCES_QUERY_KEY,
    queryFn: async () =>
      (await selectRows<{ id: number; name: string; databaseName?: string }>('sys_connsql', { page: 1, row: SOURCES_ROW, sort: 'id', sortType: 'asc' })).rows,
  });
  const sources = useMemo(() => connections.data ?? [], [connections.data]);
  const localName = t('datasources.tree.local');

  const page = useMemo<PageOverrides>(() => {
    const sourceName = (id: unknown) =>
      // a source by the name an operator gave it (as the tree lists it), not the database it opens (issue 31 #8)
      Number(id) === LOCAL_SOURCE_ID ? localName : (sources.find((s) => s.id === Number(id))?.name ?? String(id ?? ''));
    const generatePage = async (row: Row, { modal, t: tr }: PageContextApi) => {
      if (!modal || !tr) return;
      if (Number(row.created) !== 1) return void modal.info({ title: tr('datasources.table.createFirst'), okText: tr('crud.ok') });
      // where the menu goes (issue 19 #14): the default group 数据页面, the top level or a group
      let parentMenu: number | undefined;
      const placed = await new Promise<boolean>((resolve) => {
        void modal.confirm({
          title: tr('datasources.page.button'),
          content: <GeneratedPageParent onChange={(v) => (parentMenu = v)} />,
          okText: tr('crud.ok'),
          cancelText: tr('crud.cancel'),
          okButtonProps: { 'data-testid': 'generated-page-place' } as ButtonProps,
          onOk: () => resolve(true),
          onCancel: () => resolve(false),
        });
      });
      if (!placed) return;
      try {
        const { url } = await createTablePage(Number(row.id), parentMenu);
        await queryClient.invalidateQueries({ queryKey: queryKeys.menu });
        // a success, with its two choices: open the page, or stay
        void modal.success({
          okCancel: true,
          title: tr('datasources.page.made', { name: String(row.tableName) }),
          content: url,
          okText: tr('datasources.page.open'),
          cancelText: tr('crud.cancel'),
          okButtonProps: { 'data-testid': 'open-generated-page' } as ButtonProps,
          onOk: () => void navigate(url),
        });
      } catch (error) {
        showFailure(modal, tr, error);
      }
    };
    return {
      key: 'dataMana',
      flag: 'sys_dataSheet',
      titleKey: 'route.dataMana',
      pageSizes: SOURCE_PAGE_SIZES,
      order: ['tableName', 'parentid', 'intro', 'created'],
      ...(chosen ? { baseWheres: { parentid: chosen.id } } : {}),
      fields: {
        tableName: { column: { width: 150 } },
        parentid: { column: { width: 110, render: (v) => sourceName(v), text: (v) => sourceName(v) } },
        intro: { column: { width: 120 } },
        created: { column: { width: 80 } },
        titleEn: { column: { hidden: true } },
        createTime: { column: { hidden: true } },
      },
      editDialog: TableDefinitionDialog,
      beforeAdd: () => {
        if (chosen) return true;
        toast.warning(t('datasources.table.chooseSource'));
        return false;
      },
      rowButtons: can.save
        ? [
            {
              key: 'create',
              labelKey: 'datasources.table.create',
              onClick: (row, p) => {
                if (p.modal && p.t)
                  void createTableWithPreview(Number(row.id), p.modal, p.t).then(
                    (done) => done && (toast.success(t(done === 'altered' ? 'datasources.table.altered' : 'datasources.table.created')), p.reload()),
                  );
              },
            },
            {
              key: 'ddl-history',
              labelKey: 'datasources.history.button',
              onClick: (row) => setHistory({ id: Number(row.id), tableName: String(row.tableName) }),
            },
            ...(canMenu ? [{ key: 'page', labelKey: 'datasources.page.button', onClick: (row: Row, p: PageContextApi) => void generatePage(row, p) }] : []),
          ]
        : [
            {
              key: 'ddl-history',
              labelKey: 'datasources.history.button',
              onClick: (row) => setHistory({ id: Number(row.id), tableName: String(row.tableName) }),
            },
          ],
      toolbarButtons: [
        {
          key: 'readBack',
          needs: 'save',
          labelKey: 'datasources.readBack.button',
          onClick: (p) => {
            if (!chosen) return void toast.warning(t('datasources.table.chooseSource'));
            if (!p.modal || !p.t) return;
            void chooseTableToReadBack(chosen.id, p.modal, p.t).then(async (name) => {
              if (!name) return;
              try {
                await readBackTable(chosen.id, name);
                toast.success(t('datasources.readBack.done', { name }));
                p.reload();
              } catch {
                // the API client has shown why
              }
            });
          },
        },
      ],
    };
  }, [chosen, sources, localName, can.save, canMenu, toast, t, navigate, queryClient]);

  return (
    <ChosenSourceContext.Provider value={chosen?.id}>
      <div className="qb-datamana" data-testid="data-mana">
        <aside className="qb-panel qb-datamana-sources" aria-label={t('datasources.tree.title')}>
          <SourceTree connections={sources} chosen={chosen} onChoose={setChosen} />
        </aside>
        <div className="qb-datamana-tables">
          <TablePage page={page} />
        </div>
        <HistoryDrawer sheet={history} onClose={() => setHistory(undefined)} />
      </div>
    </ChosenSourceContext.Provider>
  );
}
