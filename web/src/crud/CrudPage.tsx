import { lazy, Suspense, useMemo, useState } from 'react';
import { RestOutlined } from '@ant-design/icons';
import { Modal, Pagination, Skeleton, type ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import type { ApiError, SaveAnswer } from '../api/index.ts';
import { useUnsavedChanges } from '../app/pageContext.ts';
import { useToast } from '../app/toast.ts';
import { cellText, columnKindOf } from './cells.tsx';
import { CrudTable } from './CrudTable.tsx';
import { CrudToolbar } from './CrudToolbar.tsx';
import { downloadExport } from './exportQuery.ts';
import { printableHtml, printHtml } from './printTable.ts';
import { SearchBar } from './SearchBar.tsx';
import { conflictRowOf } from './conflicts.ts';
import { apiSource, SAVE_MESSAGE_SECONDS, toastSaveFailure } from './sources.ts';
import { hiddenColumns, listColumnFields, useTablePrefs } from './tablePrefs.ts';
import { asId, DEFAULT_PAGE_SIZES, useCrudList, visibleRows } from './useCrudList.ts';
import { useReferenceNames } from './useReferenceNames.ts';
import { useTableHeight } from './useViewportHeight.ts';
import type { CrudPageConfig, PageContextApi, Row, RowButton, ToolbarButton } from './types.ts';
import type { HistoryRequest } from '../history/PageHistory.tsx';
import { HISTORY_NS } from '../history/texts.ts';
import { useCan } from '../app/access.ts';
import { useIdlePreload } from '../app/idlePreload.ts';
import { useUserInfo } from '../app/shellData.ts';
import './crud.css';

const NO_WIDTHS: Record<string, number> = {};

/** Loads the dialog's code; the page calls it when idle so that the first add/edit opens at once. */
let dialogLoaded = false;
export const loadEditDialog = () => import('./CrudEditDialog.tsx').then((m) => ((dialogLoaded = true), m));
const CrudEditDialog = lazy(loadEditDialog);
// a row's history and the deleted rows (issue 23): their code loads with the first click
const PageHistory = lazy(() => import('../history/PageHistory.tsx'));

/** What names a row in the history's title: its first text column with a value, else its key. */
function rowName(config: CrudPageConfig, row: Row): string {
  const named = config.fields.find((f) => f.column !== false && !f.enum && typeof row[f.name] === 'string' && row[f.name] !== '' && f.name !== 'id');
  return named ? String(row[named.name]) : `#${String(row.id)}`;
}

/** The add/edit dialog of one opening: a fresh form each time (its values start from the row), kept through the closing animation. */
interface DialogState {
  row: Row;
  open: boolean;
  serial: number;
  /** the button that asked for the dialog (its code may still be loading: a placeholder dialog takes the focus first) */
  opener: Element | null;
}

/** The generic table page: search bar, toolbar, table, pagination and the add/edit dialog of one config. */
export function CrudPage({ config }: { config: CrudPageConfig }) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const [modal, modalHolder] = Modal.useModal();
  const source = useMemo(() => config.source ?? apiSource(config.flag, config.rowKey), [config.source, config.flag, config.rowKey]);
  // what the role may do here (buttons of what it may not are not shown; the server refuses them anyway)
  const can = useCan(config.flag);
  const isAdmin = useUserInfo().data?.isAdmin !== false;
  const writable = !config.readOnly;

  const prefs = useTablePrefs(config.key);
  const sizes = config.pageSizes ?? DEFAULT_PAGE_SIZES;
  const storedSize = prefs.prefs.pageSize;
  const list = useCrudList(config, source, storedSize && sizes.includes(storedSize) ? storedSize : sizes[0]!);
  const height = useTableHeight();

  // the same arrays while the config and the person's choice are: the table makes its columns again when they change
  const columnFields = useMemo(() => listColumnFields(config.fields), [config.fields]);
  const hidden = useMemo(() => hiddenColumns(columnFields, prefs.prefs.hidden), [columnFields, prefs.prefs.hidden]);
  const shownFields = useMemo(() => columnFields.filter((f) => !hidden.includes(f.name)), [columnFields, hidden]);
  const shownRows = useMemo(() => visibleRows(list.rows, list.expanded), [list.rows, list.expanded]);
  const names = useReferenceNames(shownFields, shownRows);

  const [selection, setSelection] = useState<{ keys: (string | number)[]; rows: Row[] }>({ keys: [], rows: [] });
  const [dialog, setDialog] = useState<DialogState>();
  const [dirty, setDirty] = useState(false);
  useUnsavedChanges(!!dialog?.open && dirty);
  const [deleting, setDeleting] = useState<Set<string>>(new Set());
  const [exporting, setExporting] = useState(false);
  const [history, setHistory] = useState<HistoryRequest>();
  // every table page's rows keep their history (the logs themselves and demo rows have none)
  const keepsHistory = source.serverTable && writable;
  const historyButton: RowButton = {
    key: 'history',
    labelKey: `${HISTORY_NS}:action`,
    onClick: (row) =>
      setHistory({
        kind: 'row',
        target: {
          flag: config.flag,
          id: row.id as number | string,
          name: rowName(config, row),
          keyColumn: config.rowKey ?? 'id',
          ...(typeof row._version === 'string' ? { version: row._version } : {}),
        },
      }),
  };
  const deletedButton: ToolbarButton = {
    key: 'deleted-rows',
    needs: 'delete',
    labelKey: `${HISTORY_NS}:deletedRows`,
    icon: <RestOutlined />,
    onClick: () => setHistory({ kind: 'deleted' }),
  };

  // the dialog's code loads once the table has shown its rows, so that the first add/edit opens at once
  const listed = list.rows.length > 0 || list.total === 0;
  useIdlePreload(listed, config.loadEditDialog ?? loadEditDialog);

  const reload = () => {
    list.reload();
  };
  const openEdit = (row?: Row) => {
    setDirty(false);
    const opener = document.activeElement;
    setDialog((d) => ({ row: row ?? {}, open: true, serial: (d?.serial ?? 0) + 1, opener }));
  };
  const closeDialog = () => {
    setDialog((d) => d && { ...d, open: false });
    setDirty(false);
  };
  const EditDialog = config.editDialog ?? CrudEditDialog;
  const pageApi: PageContextApi = { reload, openEdit, selectedRows: selection.rows, modal, t };

  /** `version`: the row's `_version` as listed (one row): a row someone changed since is not deleted, and the table reloads */
  const confirmDelete = (ids: (string | number)[], content: string, version?: string) => {
    modal.confirm({
      title: t('crud.confirmTitle'),
      content,
      okText: t('crud.ok'),
      cancelText: t('crud.cancel'),
      okButtonProps: { danger: true, 'data-testid': 'confirm-delete' } as ButtonProps,
      onOk: async () => {
        setDeleting((s) => new Set([...s, ...ids.map(String)]));
        try {
          await source.remove(ids.map(asId), version);
          toast.success(t('crud.deleted'));
          setSelection((s) => ({
            keys: s.keys.filter((k) => !ids.map(String).includes(String(k))),
            rows: s.rows.filter((r) => !ids.map(String).includes(String(r.id))),
          }));
          reload();
        } catch (error) {
          // nothing was deleted. Without a version the API client has shown why; a versioned delete is silent, so its
          // refusal is said here (a conflict: the row changed since it was listed, and the table shows it as it is now)
          if (version === undefined) return;
          if (!conflictRowOf(error)) return toastSaveFailure(toast, error, t);
          toast.error({ content: String((error as ApiError).body?.message ?? t('http.failed')), duration: SAVE_MESSAGE_SECONDS });
          reload();
        } finally {
          setDeleting((s) => new Set([...s].filter((id) => !ids.map(String).includes(id))));
        }
      },
    });
  };

  const print = () => {
    const kinds = shownFields.map((f) => columnKindOf(f));
    const html = printableHtml(
      {
        title: config.title,
        subtitle: t('crud.printedAt', { time: dayjs().format('YYYY-MM-DD HH:mm') }),
        columns: shownFields.map((f, i) => ({ title: f.title, align: kinds[i] === 'money' ? 'right' : 'left', image: kinds[i] === 'image' })),
        rows: shownRows.map((r) => ({
          depth: r._depth,
          cells: shownFields.map((f, i) =>
            kinds[i] === 'image' ? (r[f.name] ? new URL(String(r[f.name]), window.location.href).href : '') : cellText(f, kinds[i]!, r, names),
          ),
        })),
        emptyText: t('crud.emptyPrint'),
      },
      i18n.language,
    );
    printHtml(html);
  };

  const exportQuery = async () => {
    setExporting(true);
    try {
      const sort = list.effectiveSort;
      await downloadExport(config.flag, shownFields, { wheres: list.wheres, sort: sort?.field, sortType: sort?.order }, config.title);
    } catch {
      // the API client has shown why
    } finally {
      setExporting(false);
    }
  };

  const onSaved = async (answer: SaveAnswer, isNew: boolean) => {
    closeDialog();
    reload();
    await config.onSaved?.(answer, isNew, { modal, t });
  };

  return (
    <div className="qb-panel qb-crud" data-testid={`crud-page-${config.key}`}>
      {modalHolder}
      <SearchBar formName={`search_${config.key}`} fields={config.fields} onSearch={list.search} />
      <CrudToolbar
        canAdd={writable && can.save && !config.noAdd}
        canDelete={writable && can.delete}
        selectedCount={selection.keys.length}
        exportable={source.serverTable && can.export}
        exporting={exporting}
        buttons={[...(config.toolbarButtons ?? []), ...(keepsHistory && !source.ownWrites ? [deletedButton] : [])].filter(
          (b) => !b.needs || (can[b.needs] && (b.needs !== 'import' || writable)),
        )}
        page={pageApi}
        columnFields={columnFields}
        hidden={hidden}
        onHiddenChange={prefs.setHidden}
        onColumnsReset={prefs.resetColumns}
        onAdd={() => (config.beforeAdd?.() ?? true) && openEdit()}
        onRefresh={reload}
        onBatchDelete={() => confirmDelete(selection.keys, t('crud.batchDeleteConfirm', { count: selection.keys.length }))}
        onPrint={print}
        onExport={() => void exportQuery()}
      />
      <CrudTable
        fields={shownFields}
        rows={list.rows}
        visibleCount={shownRows.length}
        names={names}
        loading={list.loading}
        height={height}
        sort={list.sort}
        onSort={list.setSort}
        widths={prefs.prefs.widths ?? NO_WIDTHS}
        onResize={prefs.setWidth}
        selectedKeys={selection.keys}
        onSelect={(keys, rows) => setSelection({ keys, rows })}
        tree={!!config.tree}
        expanded={list.expanded}
        onExpand={list.setExpanded}
        loadingIds={list.loadingIds}
        rowButtons={[...(config.rowButtons ?? []).filter((b) => !b.adminOnly || isAdmin), ...(keepsHistory ? [historyButton] : [])]}
        page={pageApi}
        canEdit={writable && can.save}
        canDelete={writable && can.delete}
        deletingIds={deleting}
        onEdit={openEdit}
        onDelete={(row) => confirmDelete([row.id as number], t('crud.deleteConfirm'), typeof row._version === 'string' ? row._version : undefined)}
      />
      {config.tree?.mode !== 'client' && (
        <Pagination
          className="qb-crud-pagination"
          data-testid="crud-pagination"
          current={list.page}
          pageSize={list.pageSize}
          total={list.total}
          pageSizeOptions={sizes}
          showSizeChanger
          showQuickJumper
          hideOnSinglePage
          showTotal={(total) => t('crud.total', { total })}
          onChange={(page, size) => {
            if (size !== list.pageSize) {
              list.setPageSize(size);
              prefs.setPageSize(size);
            } else list.setPage(page);
          }}
        />
      )}
      {history && (
        <Suspense fallback={null}>
          <PageHistory
            flag={config.flag}
            title={config.title}
            request={history}
            canRestore={can.save && !source.ownWrites}
            onClose={() => setHistory(undefined)}
            onChanged={reload}
          />
        </Suspense>
      )}
      {dialog && (
        <Suspense
          fallback={
            dialogLoaded ? null : (
              <Modal open title={t(dialog.row.id ? 'crud.editTitle' : 'crud.newTitle', { title: config.title })} footer={null} onCancel={closeDialog}>
                <Skeleton active paragraph={{ rows: 5 }} />
              </Modal>
            )
          }
        >
          <EditDialog
            key={dialog.serial}
            config={config}
            source={source}
            row={dialog.row}
            open={dialog.open}
            onClose={closeDialog}
            onSaved={(answer, isNew) => void onSaved(answer, isNew)}
            onDirtyChange={setDirty}
            opener={dialog.opener}
          />
        </Suspense>
      )}
    </div>
  );
}
