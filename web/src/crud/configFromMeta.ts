import { hasOwnKey, ownValue } from '@qb/contracts';
import type { ComponentType } from 'react';
import {
  formLanguageOf,
  isFormValueField,
  type ColumnMeta,
  type FormSchema,
  type FormTableOptions,
  type FormValueField,
  type TableMeta,
  type Texts,
} from '@qb/contracts';
import { schemaFromTableMeta } from '../forms/schemaFromTableMeta.ts';
import { boundFormOf, boundFormValues } from '../forms/boundForm.ts';
import type { ColumnKind, ColumnOptions, CrudPageConfig, EnumOption, FieldDef, FormFieldProps, Row, SearchOptions, TableOptions } from './types.ts';

/** A dialog field as a page overrides it: merged over the generated field (rules merge too); another kind replaces it. */
export type FormFieldOverride = Partial<FormValueField>;

/** What a page says about one column when the metadata is not the whole story. */
export interface FieldOverride {
  /** the list column: false leaves it out; otherwise merged over what the metadata gives (width, hidden, render, text) */
  column?: false | ColumnOptions;
  /** the search bar: false leaves it out; otherwise replaces what the metadata's `search` gives */
  search?: false | SearchOptions;
  /** a reference's options, merged (sort, label, a flat list instead of a tree, a dependent dropdown): list, search and dialog follow */
  options?: Partial<TableOptions>;
  /** the dialog field: false leaves it out */
  form?: false | FormFieldOverride;
  /** a React input for the field (gets value and onChange); code, not part of the schema */
  component?: ComponentType<FormFieldProps>;
}

type PageParts =
  | 'source'
  | 'pageSizes'
  | 'baseWheres'
  | 'sort'
  | 'toolbarButtons'
  | 'rowButtons'
  | 'toForm'
  | 'toParams'
  | 'onSaved'
  | 'editDialog'
  | 'loadEditDialog'
  | 'beforeAdd';

/**
 * A page file: the table and only what differs from its metadata. Everything else (columns, titles in both
 * languages, enumerations, references, search fields, default sort, tree, the dialog) comes from GET /api/schema/:flag.
 */
export interface PageOverrides extends Partial<Pick<CrudPageConfig, PageParts>> {
  /** remembers column choices and page size under this key */
  key: string;
  flag: string;
  /** i18n key of the title (the route's, so that dialog and tab agree); default the table's title */
  titleKey?: string;
  /** false: a flat, paged list although the table is a tree; or a tree the metadata does not name */
  tree?: false | NonNullable<CrudPageConfig['tree']>;
  fields?: Record<string, FieldOverride>;
  /** these columns first, in this order (list, search bar and dialog); the rest follow in the metadata's order */
  order?: string[];
}

export interface ConfigContext {
  /** the current language (zh-CN / en-US) */
  lang: string;
  /** translates the page's titleKey */
  t?: (key: string) => string;
}

/** Images, references and rich text would sort by path, id or markup, which means nothing to a reader. */
const UNSORTED_KINDS = new Set<ColumnKind>(['image', 'ref', 'html']);

export const textIn = (text: Texts, lang: string) => (formLanguageOf(lang) === 'en' ? text.en || text.zh : text.zh);

/** A creator column's cell: the account's name the list answered beside the id (`createdByName`), else the id. */
function creatorName(name: string, value: unknown, row: Row): string {
  const named = row[`${name}Name`];
  return typeof named === 'string' && named !== '' ? named : value === null || value === undefined ? '' : String(value);
}

export function columnKindOfMeta(column: ColumnMeta): ColumnKind {
  if (column.enum?.length) return 'enum';
  if (column.reference || column.references) return 'ref';
  if (column.ui?.control === 'editor') return 'html';
  switch (column.type) {
    case 'image':
      return 'image';
    case 'money':
      return 'money';
    case 'datetime':
      return 'dateTime';
    default:
      return 'text';
  }
}

function tableOptionsOf(column: ColumnMeta): TableOptions | undefined {
  const reference = column.reference ?? (column.references ? { flag: column.references, labelColumn: 'name' } : undefined);
  if (!reference) return undefined;
  return { flag: reference.flag, labelField: reference.labelColumn, ...(reference.treeColumn ? { treeParent: reference.treeColumn } : {}) };
}

function searchOf(column: ColumnMeta): SearchOptions | undefined {
  if (column.search === 'input') return {};
  if (column.search === 'select' || column.search === 'cascader') return { kind: column.search };
  return undefined;
}

/** A reference field of the dialog read from its (overridden) options: a cascader over a tree, else a dropdown. */
function referenceField(field: FormValueField, options: TableOptions, multiple: boolean): FormValueField {
  if (field.kind !== 'select' && field.kind !== 'cascader') return field;
  const source: FormTableOptions = {
    from: 'table',
    flag: options.flag,
    valueField: 'id',
    labelField: options.labelField ?? 'name',
    ...(options.treeParent ? { parentField: options.treeParent } : {}),
    ...(options.sort ? { sort: options.sort } : {}),
    ...(options.dependsOn ? { dependsOn: options.dependsOn } : {}),
  };
  const common = { name: field.name, label: field.label, ...(field.rules ? { rules: field.rules } : {}), ...(multiple ? { multiple: true } : {}) };
  return options.treeParent
    ? { ...common, kind: 'cascader', options: source, emitPath: false, changeOnSelect: true }
    : { ...common, kind: 'select', options: source, filterable: true };
}

const OPTION_KINDS = new Set<string>(['select', 'cascader', 'radio', 'checkbox']);

/** A page's dialog field over the generated one: the same kind merges (rules too), another kind starts from name, label and required. */
export function mergeFormField(base: FormValueField, over: FormFieldOverride): FormValueField {
  if (over.kind && over.kind !== base.kind) {
    const kept = base.rules ? { required: base.rules.required, requiredMessage: base.rules.requiredMessage } : {};
    const rules = Object.fromEntries(Object.entries({ ...kept, ...over.rules }).filter(([, v]) => v !== undefined));
    // an enumeration shown another way (a dropdown instead of radios) keeps its options
    const options = 'options' in base && OPTION_KINDS.has(over.kind) ? { options: base.options } : {};
    return { name: base.name, label: base.label, ...options, ...over, ...(Object.keys(rules).length ? { rules } : {}) } as FormValueField;
  }
  const rules = over.rules ? { ...base.rules, ...over.rules } : base.rules;
  return { ...base, ...over, ...(rules ? { rules } : {}) } as FormValueField;
}

/**
 * The page of a table, from its metadata and the page's overrides: the list columns in the metadata's order
 * with their titles in the current language, widths, hidden columns, enumeration tags with their colours,
 * reference names, money, image and rich-text cells; the search fields; default sort and tree mode; and the
 * add/edit dialog as a form schema (forms/schemaFromTableMeta.ts) with the page's field overrides applied.
 */
/** The page's `order` first, then the rest as they came. */
function ordered<T>(items: T[], nameOf: (item: T) => string, order: string[] | undefined): T[] {
  if (!order?.length) return items;
  const rank = (item: T) => {
    const i = order.indexOf(nameOf(item));
    return i === -1 ? order.length : i;
  };
  return items
    .map((item, i) => ({ item, i }))
    .sort((a, b) => rank(a.item) - rank(b.item) || a.i - b.i)
    .map((x) => x.item);
}

/**
 * The columns of an operator's table the server lists but never writes (a read-back column of binary data or
 * geometry, an identity numbered by the database: `serverFilled`, docs/datasources.md) are shown in the dialog
 * read-only, with a note saying so; the save leaves them as they are.
 */
function readOnlyTypeFields(meta: TableMeta, key: string, lang: string, t?: (key: string) => string): FormValueField[] {
  if (!meta.dynamic) return [];
  const note = t?.('crud.readOnlyColumn');
  const english = formLanguageOf(lang) === 'en';
  return meta.columns
    .filter((c) => c.serverFilled && c.name !== key && c.ui?.form !== false)
    .map((c) => {
      const title = textIn(c.title, lang);
      const label = !note ? title : english ? `${title} (${note})` : `${title}（${note}）`;
      return { kind: 'textarea', name: c.name, label: { zh: label, en: label }, readonly: true } as FormValueField;
    });
}

export function pageConfigFromMeta(meta: TableMeta, page: PageOverrides, { lang, t }: ConfigContext): CrudPageConfig {
  const overrides = page.fields ?? {};
  const fields: FieldDef[] = [];
  const optionsByName = new Map<string, TableOptions>();
  for (const column of ordered(meta.columns, (c) => c.name, page.order)) {
    const over = ownValue(overrides, column.name) ?? {};
    const listed = column.ui?.list !== false;
    const search = over.search === false ? undefined : (over.search ?? searchOf(column));
    const generated = tableOptionsOf(column);
    const options = generated || over.options ? ({ ...generated, ...over.options } as TableOptions) : undefined;
    if (options) optionsByName.set(column.name, options);
    if ((!listed && !over.column && !search) || (over.column === false && !search)) continue;
    const kind = columnKindOfMeta(column);
    const base: ColumnOptions = {
      kind,
      ...(column.ui?.width ? { width: column.ui.width } : {}),
      ...(column.ui?.hidden ? { hidden: true } : {}),
      sortable: column.sortable && !UNSORTED_KINDS.has(kind),
      // the account that added the row: the server answers its name beside the id
      ...(column.creator
        ? { render: (v: unknown, row: Row) => creatorName(column.name, v, row), text: (v: unknown, row: Row) => creatorName(column.name, v, row) }
        : {}),
    };
    const enumeration = column.enum?.map((e): EnumOption => ({ value: e.value, label: textIn(e.label, lang), ...(e.color ? { color: e.color } : {}) }));
    fields.push({
      name: column.name,
      title: textIn(column.title, lang),
      ...(enumeration ? { enum: enumeration } : {}),
      ...(column.list ? { list: true } : {}),
      ...(options ? { options } : {}),
      column: over.column === false || (!listed && !over.column) ? false : { ...base, ...over.column },
      ...(search ? { search } : {}),
    });
  }

  const key = meta.primaryKey || 'id';
  const omit = Object.entries(overrides)
    .filter(([, o]) => o.form === false)
    .map(([name]) => name);
  // a key other than id that the server does not fill is typed in on a new row (the dialog locks it when editing)
  const metaInOrder = { ...meta, columns: ordered(meta.columns, (c) => c.name, page.order) };
  const schema = schemaFromTableMeta(key === 'id' ? metaInOrder : { ...metaInOrder, primaryKey: 'id' }, { omit });
  const form: FormSchema = {
    ...schema,
    fields: [...schema.fields, ...readOnlyTypeFields(meta, key, lang, t)].map((field) => {
      if (!isFormValueField(field)) return field;
      const over = ownValue(overrides, field.name);
      let out = field;
      if (field.name === key && key !== 'id') out = mergeFormField(out, { rules: { required: true } });
      const options = optionsByName.get(field.name);
      if (over?.options && options) out = referenceField(out, options, !!meta.columns.find((c) => c.name === field.name)?.list);
      if (over?.form) out = mergeFormField(out, over.form);
      return out;
    }),
  };
  const components = Object.fromEntries(Object.entries(overrides).flatMap(([name, o]) => (o.component ? [[name, o.component]] : [])));

  const { key: pageKey, flag, titleKey, tree, fields: _fields, order: _order, sort, toForm, toParams, ...parts } = page;
  const metaTree = meta.tree ? { parentField: meta.tree.parentColumn, mode: meta.tree.mode } : undefined;
  const metaSort = meta.defaultSort ? { field: meta.defaultSort.column, order: meta.defaultSort.direction } : undefined;
  const chosenTree = tree === false ? undefined : (tree ?? metaTree);
  const chosenSort = sort ?? metaSort;
  // a reference whose default is 0 holds 0 for "none" (a top-level parent): the picker shows it empty, and an
  // emptied picker saves 0 again, never null (a lazy tree lists the rows whose parent is 0)
  const zeroIsNone = meta.columns.filter((c) => (c.reference || c.references) && c.defaultValue === 0).map((c) => c.name);
  const forms = zeroIsNone.length
    ? {
        toForm: (row: Row) => {
          const values = { ...row };
          for (const name of zeroIsNone) if (ownValue(values, name) === 0 || ownValue(values, name) === '0') values[name] = undefined;
          return toForm ? toForm(values) : values;
        },
        toParams: (values: Row, row: Row | undefined) => {
          const params = { ...values };
          for (const name of zeroIsNone) if (hasOwnKey(params, name) && (params[name] === null || params[name] === undefined)) params[name] = 0;
          return toParams ? toParams(params, row) : params;
        },
      }
    : { ...(toForm ? { toForm } : {}), ...(toParams ? { toParams } : {}) };
  // a form definition bound to the table is the add/edit form (forms/boundForm.ts); the derived one otherwise
  const bound = boundFormOf(meta);
  if (bound) {
    const before = forms.toForm;
    forms.toForm = (row: Row) => boundFormValues(bound, before ? before(row) : row);
  }
  return {
    ...parts,
    ...forms,
    key: pageKey,
    flag,
    title: titleKey && t ? t(titleKey) : textIn(meta.title, lang),
    fields,
    rowKey: key,
    form: bound ?? form,
    ...(!bound && Object.keys(components).length ? { formComponents: components } : {}),
    ...(chosenTree ? { tree: chosenTree } : {}),
    ...(chosenSort ? { sort: chosenSort } : {}),
    ...(meta.readOnly ? { readOnly: true } : {}),
    ...(meta.insertNeedsUnwritable ? { noAdd: true } : {}),
  };
}
