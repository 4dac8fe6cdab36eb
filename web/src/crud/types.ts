import type { ComponentType, ReactNode } from 'react';
import type { HookAPI as ModalApi } from 'antd/es/modal/useModal';
import type { TFunction } from 'i18next';
import type { ColumnType, FormSchema, GrantAction, Wheres } from '@qb/contracts';
import type { SaveAnswer, SelectParams, SelectResult } from '../api/index.ts';
import type { FormFieldProps, Row, TableOptions } from '../forms/types.ts';

// defined with the forms (below the table pages); crud's own modules and pages take them from here too
export type { FormFieldProps, Row, TableOptions };

/** One value of an enumeration (gender 1 男) with its label in the current language; `color` makes it a coloured tag. */
export interface EnumOption {
  value: number | string;
  label: string;
  color?: string;
}

export type ColumnKind = 'text' | 'image' | 'icon' | 'money' | 'enum' | 'ref' | 'dateTime' | 'html';

export interface ColumnOptions {
  kind?: ColumnKind;
  width?: number;
  /** the server sorts by it when its header is clicked (crud/configFromMeta.ts: as the metadata says) */
  sortable?: boolean;
  /** hidden until the person turns it on in the column chooser */
  hidden?: boolean;
  render?: (value: unknown, row: Row) => ReactNode;
  /** plain text for print and for the column chooser's export labels */
  text?: (value: unknown, row: Row) => string;
}

export interface SearchOptions {
  kind?: 'input' | 'select' | 'cascader' | 'number' | 'dateRange';
  /** input: like (contains) by default; eq for exact */
  op?: 'like' | 'eq';
}

/** One column of a page: how it shows in the table and how it is searched (the dialog is the page's form schema). */
export interface FieldDef {
  name: string;
  /** in the current language */
  title: string;
  enum?: EnumOption[];
  /** a list column (answered as an array): several tags, a checkbox group */
  list?: boolean;
  options?: TableOptions;
  /** false: not a table column */
  column?: false | ColumnOptions;
  /** present: a search-bar field */
  search?: SearchOptions;
}

/** Where a page's rows come from and go to; the default is the generic API of its flag. */
export interface CrudSource {
  list(params: SelectParams): Promise<SelectResult<Row>>;
  save(params: Record<string, unknown>): Promise<SaveAnswer>;
  /** with `version` (one id: the row's `_version` as listed) a row changed since is refused (409) and the caller says so */
  remove(ids: (number | string)[], version?: string): Promise<void>;
  /** rows of a server table: its column metadata can be read and its query exported (not so for static demo data) */
  serverTable: boolean;
  /** written by a service of its own (accounts): the rows' history is shown, never restored or undeleted */
  ownWrites?: true;
  /** tells apart the rows of sources that differ under one page (demo rows per language) */
  id?: string;
}

export interface PageContextApi {
  reload(): void;
  openEdit(row?: Row): void;
  selectedRows: Row[];
  /** the page's own dialogs (in the app's theme and language) and texts, for its buttons */
  modal?: ModalApi;
  t?: TFunction;
}

export interface ToolbarButton {
  key: string;
  /** shown only to whoever holds this grant on the page's table (docs/permissions.md) */
  needs?: GrantAction;
  labelKey: string;
  icon?: ReactNode;
  onClick(page: PageContextApi): void;
}

export interface RowButton {
  key: string;
  labelKey: string;
  /** shown to administrators only (the server refuses others anyway) */
  adminOnly?: boolean;
  onClick(row: Row, page: PageContextApi): void;
}

/** What CrudPage hands the add/edit dialog, the generated one or a page's own (`editDialog`). */
export interface EditDialogProps {
  config: CrudPageConfig;
  source: CrudSource;
  /** a row without id: new; with id: edit */
  row: Row;
  open: boolean;
  onClose(): void;
  onSaved(answer: SaveAnswer, isNew: boolean): void;
  /** the page asks before its tab is closed while this is true */
  onDirtyChange(dirty: boolean): void;
  /** what had the focus when the dialog was asked for (the add or edit button): it gets it back when it closes */
  opener?: Element | null;
}

export interface CrudPageConfig {
  /** remembers column choices and page size under this key */
  key: string;
  flag: string;
  /** the page's title in the current language (dialog titles, print, export file) */
  title: string;
  fields: FieldDef[];
  /** the column that names a row: the table's key (id unless a runtime table names another) */
  rowKey?: string;
  /** the add/edit dialog (crud/configFromMeta.ts builds it from the table's metadata) */
  form: FormSchema;
  /** code-level inputs of named dialog fields (the question options editor): not part of the schema */
  formComponents?: Record<string, ComponentType<FormFieldProps>>;
  /** the sort when the person has not chosen one */
  sort?: { field: string; order: 'asc' | 'desc' };
  /** conditions always sent (children of parent 0) */
  baseWheres?: Wheres;
  /** lazy: children loaded on expand; client: all rows loaded at once and built into a tree */
  tree?: { parentField: string; mode: 'lazy' | 'client' };
  pageSizes?: number[];
  source?: CrudSource;
  toolbarButtons?: ToolbarButton[];
  rowButtons?: RowButton[];
  /** rows only the server writes (the audit logs): no add, edit, delete or import */
  readOnly?: boolean;
  /** the person may add no row here (a column every new row needs is hidden from their role or read-only): no 新增; edits stay */
  noAdd?: boolean;
  /** row -> form values (e.g. JSON text -> list) */
  toForm?(row: Row): Row;
  /** form values -> params of the save call */
  toParams?(values: Row, row: Row | undefined): Row;
  /** the page's own add/edit dialog instead of the generated one (a connection's test button, a table's column grid) */
  editDialog?: ComponentType<EditDialogProps>;
  /** the code of a lazily loaded editDialog: loaded once the page has listed its rows, so that 新增 opens at once */
  loadEditDialog?: () => Promise<unknown>;
  /** asked when 新增 is pressed: false keeps the dialog closed (the page says why) */
  beforeAdd?(): boolean;
  /** after a successful save, e.g. show a new account's password */
  onSaved?(answer: SaveAnswer, isNew: boolean, tools: { modal: ModalApi; t: TFunction }): void | Promise<void>;
}

export type { ColumnType };
