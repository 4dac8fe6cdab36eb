import { ownValue } from '@qb/contracts';
import { cloneElement, isValidElement, useLayoutEffect, useMemo, useRef, type HTMLAttributes, type ReactElement } from 'react';
import { Table } from 'antd';
import type { ColumnsType, ExpandableConfig, SorterResult, TableRowSelection } from 'antd/es/table/interface';
import { CaretDownOutlined, CaretRightOutlined, LoadingOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { columnKindOf, defaultWidthOf, renderCell } from './cells.tsx';
import { ResizableTitle } from './ResizableTitle.tsx';
import { RowActionButton } from './RowActionButton.tsx';
import type { SortState } from './useCrudList.ts';
import type { ReferenceNames } from './useReferenceNames.ts';
import type { FieldDef, PageContextApi, Row, RowButton } from './types.ts';

/** Above this many rows on screen the table renders only what is visible (SPEC.md: large pages stay smooth). */
export const VIRTUAL_THRESHOLD = 100;
const SELECTION_WIDTH = 48;
/** The height given is for the table with its header row; the body scrolls in what is left. */
const HEADER_ROW_HEIGHT = 56;

export interface CrudTableProps {
  fields: FieldDef[];
  rows: Row[];
  visibleCount: number;
  names: ReferenceNames;
  loading: boolean;
  height: number;
  sort?: SortState;
  onSort(sort: SortState | undefined): void;
  widths: Record<string, number>;
  onResize(name: string, width: number): void;
  selectedKeys: (string | number)[];
  onSelect(keys: (string | number)[], rows: Row[]): void;
  tree: boolean;
  expanded: (string | number)[];
  onExpand(keys: (string | number)[]): void;
  loadingIds: Set<string>;
  rowButtons: RowButton[];
  page: PageContextApi;
  canEdit: boolean;
  canDelete: boolean;
  deletingIds: Set<string>;
  onEdit(row: Row): void;
  onDelete(row: Row): void;
}

const TABLE_COMPONENTS = { header: { cell: ResizableTitle } };
const rowKeyOf = (row: Row) => String(row.id);

/** A row as a person would name it: its first column's text, or its id. */
function rowName(row: Row, fields: FieldDef[]): string {
  const first = fields.length > 0 ? row[fields[0].name] : undefined;
  return typeof first === 'string' || typeof first === 'number' ? String(first) : String(row.id);
}

/**
 * The actions column fits its buttons' labels (14 px text: a CJK character 14 px, a Latin one about 8; 12 px of
 * padding a button, 17 px of cell padding and border), so 数据设计 or "Data design" is not clipped.
 */
export function actionsColumnWidth(labels: string[]): number {
  const text = (label: string) =>
    [...label].reduce((w, ch) => w + (ch.codePointAt(0)! >= 0x2e80 ? 14 : ch === ch.toUpperCase() && ch !== ch.toLowerCase() ? 9.5 : 8), 0);
  return Math.max(110, Math.ceil(labels.reduce((w, label) => w + text(label) + 12, 0) + 17));
}

export function CrudTable(props: CrudTableProps) {
  const { t } = useTranslation();
  const { fields, names, widths, sort, rowButtons, canEdit, canDelete, deletingIds } = props;
  // The handlers as of the last render, for the cells' clicks: the columns below are made again only when what they
  // show changes, not on every render of the page (a new column render function re-renders every cell of the table:
  // the page renders several times as it opens, issue 31)
  const latest = useRef(props);
  useLayoutEffect(() => {
    latest.current = props;
  });
  // the actions' labels, translated once per render of the columns, not in every row
  const buttonLabels = rowButtons.map((b) => `${b.key}\u0000${t(b.labelKey)}`).join('\u0001');
  const columns = useMemo(() => {
    const buttons = buttonLabels ? buttonLabels.split('\u0001').map((entry) => entry.split('\u0000') as [string, string]) : [];
    const editLabel = t('crud.edit');
    const deleteLabel = t('crud.delete');
    const list: ColumnsType<Row> = fields.map((field) => {
      const kind = columnKindOf(field);
      const width = ownValue(widths, field.name) ?? defaultWidthOf(field, kind);
      const sortable = !!(field.column && field.column.sortable);
      return {
        key: field.name,
        dataIndex: field.name,
        title: field.title,
        width,
        align: kind === 'money' ? 'right' : undefined,
        ellipsis: kind === 'text' || kind === 'ref' || kind === 'html' || kind === 'dateTime' ? { showTitle: false } : undefined,
        sorter: sortable,
        sortOrder: sort?.field === field.name ? (sort.order === 'asc' ? 'ascend' : 'descend') : null,
        render: (_: unknown, row: Row) => renderCell(field, kind, row, names, t),
        onHeaderCell: () =>
          ({ width, resizeLabel: field.title, onResize: (w: number) => latest.current.onResize(field.name, w) }) as HTMLAttributes<HTMLElement>,
      };
    });
    if (buttons.length > 0 || canEdit || canDelete) {
      const clickButton = (key: string, row: Row) => latest.current.rowButtons.find((b) => b.key === key)?.onClick(row, latest.current.page);
      list.push({
        key: '_actions',
        title: t('crud.actions'),
        fixed: 'right',
        width: actionsColumnWidth([...buttons.map(([, label]) => label), ...(canEdit ? [editLabel] : []), ...(canDelete ? [deleteLabel] : [])]),
        render: (_: unknown, row: Row) => (
          <span className="qb-row-actions">
            {buttons.map(([key, label]) => (
              <RowActionButton key={key} onClick={() => clickButton(key, row)} data-testid={`row-${key}`}>
                {label}
              </RowActionButton>
            ))}
            {canEdit && (
              <RowActionButton onClick={() => latest.current.onEdit(row)} data-testid="row-edit">
                {editLabel}
              </RowActionButton>
            )}
            {canDelete && (
              <RowActionButton danger loading={deletingIds.has(String(row.id))} onClick={() => latest.current.onDelete(row)} data-testid="row-delete">
                {deleteLabel}
              </RowActionButton>
            )}
          </span>
        ),
      });
    }
    return list;
  }, [fields, widths, sort, names, t, buttonLabels, canEdit, canDelete, deletingIds]);

  const scrollX = columns.reduce((sum, c) => sum + Number(c.width ?? 0), SELECTION_WIDTH);
  const virtual = props.visibleCount > VIRTUAL_THRESHOLD;
  const scroll = useMemo(() => ({ x: scrollX, y: props.height - HEADER_ROW_HEIGHT }), [scrollX, props.height]);
  const { selectedKeys, tree, expanded, loadingIds } = props;
  const rowSelection = useMemo<TableRowSelection<Row>>(
    () => ({
      selectedRowKeys: selectedKeys,
      onChange: (keys, rows) => latest.current.onSelect(keys as (string | number)[], rows),
      columnWidth: SELECTION_WIDTH,
      fixed: true,
      // antd names these boxes in English whatever the locale: named here, each row by its first column
      columnTitle: (checkbox) => (
        <div className="ant-table-selection">
          {isValidElement(checkbox) ? cloneElement(checkbox as ReactElement<{ 'aria-label'?: string }>, { 'aria-label': t('crud.selectAll') }) : checkbox}
        </div>
      ),
      getCheckboxProps: (row) => ({ 'aria-label': t('crud.selectRow', { name: rowName(row, fields) }) }) as object,
    }),
    [selectedKeys, fields, t],
  );
  const expandable = useMemo<ExpandableConfig<Row> | undefined>(
    () =>
      tree
        ? {
            expandedRowKeys: expanded.map(String),
            onExpandedRowsChange: (keys) => latest.current.onExpand(keys as (string | number)[]),
            expandIcon: ({ expanded: open, record, onExpand, expandable: hasChildren }) => {
              // a row without children gets no placeholder: when no row of the page has children, antd puts this
              // in the selection column, where a placeholder would wrap the checkbox onto a second line
              if (!hasChildren) return null;
              const busy = open && loadingIds.has(String(record.id));
              return (
                <button
                  type="button"
                  className="qb-expand"
                  aria-label={t(open ? 'crud.collapse' : 'crud.expand')}
                  aria-expanded={open}
                  onClick={(e) => onExpand(record, e)}
                >
                  {busy ? <LoadingOutlined /> : open ? <CaretDownOutlined /> : <CaretRightOutlined />}
                </button>
              );
            },
          }
        : undefined,
    [tree, expanded, loadingIds, t],
  );

  return (
    // data-rows: how many rows the table holds (with virtual scrolling only those in view are in the DOM)
    <div data-testid="crud-table" data-rows={props.loading ? undefined : props.rows.length} data-virtual={virtual}>
      <Table<Row>
        className="qb-crud-table"
        rowKey={rowKeyOf}
        columns={columns}
        dataSource={props.rows}
        loading={props.loading}
        pagination={false}
        size="middle"
        bordered
        // children sit clearly inside their parent, whose name follows a 26 px arrow
        indentSize={32}
        virtual={virtual}
        scroll={scroll}
        components={TABLE_COMPONENTS}
        rowSelection={rowSelection}
        onChange={(_pagination, _filters, sorter) => {
          const s = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<Row>;
          props.onSort(s?.order && s.columnKey ? { field: String(s.columnKey), order: s.order === 'ascend' ? 'asc' : 'desc' } : undefined);
        }}
        expandable={expandable}
      />
    </div>
  );
}
