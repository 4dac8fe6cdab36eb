import { Popover } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PageOverrides } from '../../crud/configFromMeta.ts';
import './system.css';

/** One changed field of an operation log entry (sys_operationLog.changes, docs/permissions.md "Audit"). */
export interface Change {
  column: string;
  before?: unknown;
  after?: unknown;
}

/** Lines shown in the cell before "…" and the popover with the whole list. */
const CELL_LINES = 2;

/** The stored JSON as a list of changes; text that is no such list is shown as it is. */
export function parseChanges(value: unknown): Change[] | undefined {
  if (typeof value !== 'string' || !value.trim()) return [];
  try {
    const list = JSON.parse(value) as unknown;
    if (!Array.isArray(list)) return undefined;
    return list.filter((c): c is Change => !!c && typeof c === 'object' && typeof (c as Change).column === 'string');
  } catch {
    return undefined;
  }
}

const valueText = (value: unknown, empty: string): string => {
  if (value === null || value === undefined || value === '') return empty;
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
};

/** `name: 张三 → 李四`; a value given to a new row alone (`insert`), an emptied one as (空). */
export function changeLine(change: Change, empty: string, insert = false): string {
  const after = valueText(change.after, empty);
  if (insert) return `${change.column}: ${after}`;
  return `${change.column}: ${valueText(change.before, empty)} → ${after}`;
}

/** An insert is logged with the values given and nothing before them (server/src/audit/log.ts). */
const isInsert = (list: Change[]) => list.length > 0 && list.every((c) => c.before === null || c.before === undefined);

/** One line per change. */
export function changeLines(list: Change[], empty: string): string[] {
  const insert = isInsert(list);
  return list.map((c) => changeLine(c, empty, insert));
}

export function changesText(value: unknown, empty: string): string {
  const list = parseChanges(value);
  return list ? changeLines(list, empty).join('\n') : String(value ?? '');
}

function ChangesCell({ value }: { value: unknown }) {
  const { t } = useTranslation();
  const empty = t('pages.operationLog.empty');
  const list = parseChanges(value);
  if (!list) return <span className="qb-cell-text">{String(value)}</span>;
  if (list.length === 0) return <span className="qb-cell-none">—</span>;
  const lines = changeLines(list, empty);
  const shown = lines.slice(0, CELL_LINES);
  const cell = (
    <div className="qb-changes" data-testid="changes-cell">
      {shown.map((line, i) => (
        <div key={i} className="qb-changes-line">
          {line}
        </div>
      ))}
      {lines.length > CELL_LINES && <div className="qb-changes-more">{t('pages.operationLog.changes', { count: lines.length })} …</div>}
    </div>
  );
  const full = (
    <div className="qb-changes-full" data-testid="changes-full">
      {lines.map((line, i) => (
        <div key={i}>{line}</div>
      ))}
    </div>
  );
  return (
    <Popover content={full} title={t('pages.operationLog.all')} trigger={['hover', 'focus']} placement="leftTop">
      {/* named by the lines it shows (a name of its own would hide them from screen readers: axe label-content-name-mismatch) */}
      <span tabIndex={0} role="button">
        {cell}
      </span>
    </Popover>
  );
}

/**
 * 操作日志 (generated page of sys_operationLog): the changes column read as `column: before → after`, one per line,
 * next to the row it is about (before the summary, which most entries leave empty).
 */
export const operationLogPage: Pick<PageOverrides, 'fields' | 'order'> = {
  order: ['createTime', 'loginid', 'flag', 'action', 'rowId', 'changes'],
  fields: {
    changes: {
      column: {
        render: (value) => <ChangesCell value={value} />,
        text: (value) => changesText(value, '—'),
      },
    },
  },
};
