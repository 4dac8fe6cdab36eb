import { useState } from 'react';
import { Button, Popover } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { MenuRow, TableMeta } from '@qb/contracts';
import { keyRunOf } from '@qb/contracts/keyRuns';
import { call } from '../../api/index.ts';
import i18n from '../../i18n/index.ts';
import { textIn, type PageOverrides } from '../../crud/configFromMeta.ts';
import type { Row } from '../../crud/types.ts';
import { menuQuery, queryClient as appQueryClient, queryKeys } from '../../app/queryClient.ts';
import { englishNameOf, useMenuName } from '../menuTitles.ts';
import { formChangeText, parsedJsonText } from './operationLogForms.ts';
import { cachedNameOf, scopeTextOf, useGrantScopeNames, type ScopeText } from './permissions/grantScopeText.ts';
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

/**
 * How a person reads the changes of one table: a column's title and a value as the table shows it (enumeration
 * labels, a role's grants by menu name), in the page's language. Without it, the stored names and values.
 */
export interface ChangeReading {
  label(column: string): string;
  value(column: string, value: unknown): string | undefined;
  /** the whole change in one phrase, instead of `before → after` (a form schema's fields added, removed, changed) */
  summary?(change: Change): string | undefined;
}

const valueText = (value: unknown, empty: string, reading?: ChangeReading, column = ''): string => {
  if (value === null || value === undefined || value === '') return empty;
  const read = reading?.value(column, value);
  if (read !== undefined) return read;
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
};

/** `name: 张三 → 李四`; a value given to a new row alone (`insert`), an emptied one as (空). */
export function changeLine(change: Change, empty: string, insert = false, reading?: ChangeReading): string {
  const label = reading?.label(change.column) ?? change.column;
  const summary = reading?.summary?.(change);
  if (summary !== undefined) return `${label}: ${summary}`;
  const after = valueText(change.after, empty, reading, change.column);
  if (insert) return `${label}: ${after}`;
  return `${label}: ${valueText(change.before, empty, reading, change.column)} → ${after}`;
}

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The grants before and after of a logged role change (for the names its 数据范围 refer to). */
const grantsOf = (changes: unknown) => (parseChanges(changes) ?? []).filter((c) => c.column === 'grants').flatMap((c) => [c.before, c.after]);

/**
 * The grants a role change logs (`[[menuId, "view,save"], …]`) as `菜单管理（查看、保存）`, menus by name; a grant with a
 * 数据范围 (`[menuId, actions, rowFilterJSON]`) as `题库（查看；数据范围：所属科目 = 申论）`, with field rules
 * (`[menuId, actions, rowFilterJSON | null, fieldRulesJSON]`) as `小程序用户管理（查看；隐藏：手机号；只读：性别）`.
 */
function grantsText(value: unknown, menuName: (id: number) => string | undefined, t: Translate, scopeText?: ScopeText): string | undefined {
  let list: unknown = value;
  if (typeof value === 'string') {
    try {
      list = JSON.parse(value);
    } catch {
      return undefined;
    }
  }
  if (!Array.isArray(list)) return undefined;
  if (list.length === 0) return t('pages.operationLog.none');
  const sep = t('pages.operationLog.listSeparator');
  return list
    .map((g) => {
      if (!Array.isArray(g)) return JSON.stringify(g);
      const [menuId, actions, filter, fieldRules] = g as [unknown, unknown, unknown, unknown];
      const name = menuName(Number(menuId)) ?? `#${String(menuId)}`;
      const done = String(actions ?? '')
        .split(',')
        .filter(Boolean)
        .map((a) => t(`pages.operationLog.grant.${a}`));
      const parts = [done.join(sep)];
      if (typeof filter === 'string' && filter) {
        let scope: string | undefined;
        try {
          scope = scopeText?.(Number(menuId), JSON.parse(filter));
        } catch {
          // shown as stored
        }
        parts.push(t('pages.operationLog.scopePart', { scope: scope ?? filter }));
      }
      // the 4th: the field rules (JSON), 隐藏：手机号；只读：性别
      if (typeof fieldRules === 'string' && fieldRules) parts.push(scopeText?.fields(Number(menuId), fieldRules) ?? fieldRules);
      if (parts.length === 1) return t('pages.operationLog.grantOf', { menu: name, actions: done.join(sep) });
      return t('pages.operationLog.grantParts', { menu: name, parts: parts.join(t('pages.operationLog.partSeparator')) });
    })
    .join(sep);
}

/** The roles an assignment logs (`[5, 6]`) by their names, `#id` for a role this person cannot read. */
function rolesText(value: unknown, roleName: (id: number) => string | undefined, t: Translate): string | undefined {
  const list = parsedJsonText(value);
  if (!Array.isArray(list)) return undefined;
  if (list.length === 0) return t('pages.operationLog.none');
  return list.map((id) => roleName(Number(id)) ?? `#${String(id)}`).join(t('pages.operationLog.listSeparator'));
}

/** The reading of a table's changes from its metadata (null: the table is not known to this person). */
export function readingOf(
  meta: TableMeta | undefined,
  lang: string,
  menuName: (id: number) => string | undefined,
  t: Translate,
  roleName: (id: number) => string | undefined = () => undefined,
  scopeText?: ScopeText,
): ChangeReading {
  const columns = new Map((meta?.columns ?? []).map((c) => [c.name, c]));
  return {
    label: (column) => {
      const known = columns.get(column);
      if (known) return textIn(known.title, lang);
      // what the access routes log beside a table's own columns
      if (column === 'grants' || column === 'roles' || column === 'isdelete') return t(`pages.operationLog.column.${column}`);
      return column;
    },
    value: (column, value) => {
      if (column === 'grants') return grantsText(value, menuName, t, scopeText);
      if (column === 'roles') return rolesText(value, roleName, t);
      if (column === 'isdelete') return t(Number(value) === 1 ? 'pages.operationLog.deleted' : 'pages.operationLog.live');
      const known = columns.get(column);
      const option = known?.enum?.find((e) => String(e.value) === String(value));
      return option ? textIn(option.label, lang) : undefined;
    },
    summary: (change) => formChangeText(change.before, change.after, lang, t),
  };
}

/** An insert is logged with the values given and nothing before them (server/src/audit/log.ts). */
const isInsert = (list: Change[]) => list.length > 0 && list.every((c) => c.before === null || c.before === undefined);

/** One line per change. */
export function changeLines(list: Change[], empty: string, reading?: ChangeReading): string[] {
  const insert = isInsert(list);
  return list.map((c) => changeLine(c, empty, insert, reading));
}

/**
 * An import's rows logged together as a run of keys (rowId `#<first>-<last>`, @qb/contracts/keyRuns): the entry has
 * no changes of its own (each row's history shows its values), so it is read as the rows it stands for.
 */
export function runText(rowId: unknown, t: Translate): string | undefined {
  const run = keyRunOf(rowId);
  return run && t('pages.operationLog.run', { count: run.last - run.first + 1, first: run.first, last: run.last });
}

export function changesText(value: unknown, empty: string, reading?: ChangeReading, rowId?: unknown): string {
  const list = parseChanges(value);
  if (list?.length === 0) return runText(rowId, (key, options) => i18n.t(key, options)) ?? '';
  return list ? changeLines(list, empty, reading).join('\n') : String(value ?? '');
}

/** Every table the person may view (GET /api/schema/, as the layout drawer reads it), by flag. */
const TABLES_KEY = ['schemaList'] as const;
const readTables = async () => ((await call('schemaList', { silent: true })).data ?? []) as TableMeta[];
/** The roles by name, for the role assignments logged by id (a person who may not list them reads `#id`). */
const ROLES_KEY = ['operationLogRoles'] as const;
type RoleName = { id: number; name: string };
const readRoles = async () =>
  ((await call('select', { query: { _flag: 'sys_role', page: '1', row: '1000' }, silent: true }).catch(() => ({ data: [] }))).data ?? []) as RoleName[];

/** `changes`: the entry's, whose grants' 数据范围 name rows of other tables (read here). */
function useLogReading(flag: unknown, changes?: unknown): { reading: ChangeReading; tables: Map<string, TableMeta> } {
  const { t, i18n: i18nOfPage } = useTranslation();
  const tables = useQuery({ queryKey: TABLES_KEY, queryFn: readTables, staleTime: 60_000 });
  const menus = useQuery(menuQuery);
  const roles = useQuery({ queryKey: ROLES_KEY, queryFn: readRoles, staleTime: 60_000 });
  const byFlag = new Map((tables.data ?? []).map((m) => [m.flag, m]));
  const nameOfMenu = useMenuName();
  const menuName = (id: number) => {
    const menu = menus.data?.find((m) => Number(m.id) === id);
    return menu === undefined ? undefined : nameOfMenu(menu);
  };
  const roleName = (id: number) => roles.data?.find((r) => Number(r.id) === id)?.name;
  const nameOf = useGrantScopeNames(flag === 'sys_role' ? grantsOf(changes) : [], byFlag, menus.data ?? []);
  const scopeText = scopeTextOf(byFlag, menus.data ?? [], i18nOfPage.language, t, nameOf);
  return { reading: readingOf(byFlag.get(String(flag ?? '')), i18nOfPage.language, menuName, t, roleName, scopeText), tables: byFlag };
}

/** The same reading outside React (print and export), from what the page has read. */
function cachedReading(flag: unknown): { reading: ChangeReading; tables: Map<string, TableMeta> } {
  const tables = new Map((appQueryClient.getQueryData<TableMeta[]>(TABLES_KEY) ?? []).map((m) => [m.flag, m]));
  const menus = appQueryClient.getQueryData<MenuRow[]>(queryKeys.menu) ?? [];
  const t: Translate = (key, options) => i18n.t(key, options);
  const seeded = i18n.language === 'zh-CN' ? {} : (i18n.t('menuName', { returnObjects: true }) as Record<string, string>);
  const menuName = (id: number) => {
    const menu = menus.find((m) => Number(m.id) === id);
    if (menu === undefined) return undefined;
    const english = i18n.language === 'zh-CN' ? undefined : englishNameOf(menu);
    return english ?? (typeof seeded === 'object' && Object.hasOwn(seeded, menu.name) ? seeded[menu.name] : menu.name);
  };
  const roles = appQueryClient.getQueryData<RoleName[]>(ROLES_KEY) ?? [];
  const roleName = (id: number) => roles.find((r) => Number(r.id) === id)?.name;
  const scopeText = scopeTextOf(tables, menus, i18n.language, t, cachedNameOf(appQueryClient));
  return { reading: readingOf(tables.get(String(flag ?? '')), i18n.language, menuName, t, roleName, scopeText), tables };
}

/** The table of an entry by its title in the page's language (the flag when the person cannot view it). */
function TableTitle({ flag }: { flag: unknown }) {
  const { i18n: i18nOfPage } = useTranslation();
  const { tables } = useLogReading(flag);
  const meta = tables.get(String(flag ?? ''));
  return <span title={String(flag ?? '')}>{meta ? textIn(meta.title, i18nOfPage.language) : String(flag ?? '')}</span>;
}

/** The stored record, as the server wrote it, one click away from the readable lines. */
function RawRecord({ row }: { row: Row }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  let changes: unknown = row.changes;
  try {
    changes = typeof row.changes === 'string' ? JSON.parse(row.changes) : row.changes;
  } catch {
    // shown as stored
  }
  // a value that is itself JSON text (a form schema) formatted as well, not one escaped line
  if (Array.isArray(changes))
    changes = changes.map((c: unknown) =>
      c && typeof c === 'object' ? { ...c, before: parsedJsonText((c as Change).before), after: parsedJsonText((c as Change).after) } : c,
    );
  const raw = { flag: row.flag, action: row.action, rowId: row.rowId, summary: row.summary ?? null, changes };
  return (
    <div className="qb-changes-raw">
      <Button size="small" type="link" aria-expanded={open} onClick={() => setOpen(!open)} data-testid="changes-raw-toggle">
        {t(open ? 'pages.operationLog.hideRaw' : 'pages.operationLog.showRaw')}
      </Button>
      {open && (
        <pre data-testid="changes-raw" tabIndex={0}>
          {JSON.stringify(raw, null, 2)}
        </pre>
      )}
    </div>
  );
}

function ChangesCell({ value, row }: { value: unknown; row: Row }) {
  const { t } = useTranslation();
  const { reading } = useLogReading(row.flag, value);
  const empty = t('pages.operationLog.empty');
  const list = parseChanges(value);
  if (!list) return <span className="qb-cell-text">{String(value)}</span>;
  if (list.length === 0) {
    const run = runText(row.rowId, t);
    return run ? <span className="qb-cell-text">{run}</span> : <span className="qb-cell-none">—</span>;
  }
  const lines = changeLines(list, empty, reading);
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
    <div>
      <div className="qb-changes-full" data-testid="changes-full">
        {lines.map((line, i) => (
          <div key={i}>{line}</div>
        ))}
      </div>
      <RawRecord row={row} />
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

/** The counts an entry's summary holds (an import's, server/src/import/service.ts and audit/log.ts), by their names. */
const SUMMARY_KEYS = ['rows', 'inserted', 'updated', 'skipped', 'rejected', 'files', 'created', 'subjectId', 'typeId'];

/** A summary stored as JSON read as `name: value` pairs in the page's language; any other text as it is. */
export function summaryText(value: unknown, t: Translate): string {
  const text = String(value ?? '');
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return text;
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return text;
  return Object.entries(parsed as Record<string, unknown>)
    .map(([key, v]) => `${SUMMARY_KEYS.includes(key) ? t(`pages.operationLog.summary.${key}`) : key}: ${typeof v === 'object' ? JSON.stringify(v) : String(v)}`)
    .join(t('pages.operationLog.listSeparator'));
}

const summaryOf = (value: unknown) => summaryText(value, (key, options) => i18n.t(key, options));

/**
 * 操作日志 (generated page of sys_operationLog): the table by its title, the changes column read as
 * `title: before → after` in the page's language, one per line, next to the row it is about (before the summary,
 * which most entries leave empty); the stored record one click away in the popover.
 */
export const operationLogPage: Pick<PageOverrides, 'fields' | 'order'> = {
  order: ['createTime', 'loginid', 'flag', 'action', 'rowId', 'changes'],
  fields: {
    flag: {
      column: {
        render: (value) => <TableTitle flag={value} />,
        text: (value) => {
          const meta = cachedReading(value).tables.get(String(value ?? ''));
          return meta ? textIn(meta.title, i18n.language) : String(value ?? '');
        },
      },
    },
    summary: {
      column: {
        render: (value) => (value === null || value === undefined || value === '' ? <span className="qb-cell-none">—</span> : <span>{summaryOf(value)}</span>),
        text: (value) => summaryOf(value),
      },
    },
    changes: {
      column: {
        render: (value, row) => <ChangesCell value={value} row={row} />,
        text: (value, row) => changesText(value, '—', cachedReading(row.flag).reading, row.rowId),
      },
    },
  },
};
