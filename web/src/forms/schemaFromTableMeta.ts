import { ownValue } from '@qb/contracts';
import { FORM_SCHEMA_VERSION, type FormOption, type FormSchema, type FormText, type FormValueField } from '@qb/contracts';

/**
 * The column metadata GET /api/schema/:flag answers, as far as a form needs it. Titles, enumerations, references
 * and presentation hints are optional: older answers carry none of them and still give a working form.
 */
export interface MetaColumnInput {
  name: string;
  type: string;
  length?: number;
  required: boolean;
  list?: boolean;
  /** flag of the referenced table (older answers) */
  references?: string;
  title?: FormText;
  reference?: { flag: string; labelColumn?: string; treeColumn?: string };
  enum?: { value: number | string; label: FormText | string }[];
  defaultValue?: string | number;
  /** filled by the server (createTime): not a form field */
  serverFilled?: boolean;
  ui?: { form?: boolean; control?: string; min?: number; max?: number; optional?: boolean };
}

export interface MetaTableInput {
  flag: string;
  title?: FormText;
  primaryKey?: string;
  tree?: { parentColumn: string };
  columns: MetaColumnInput[];
}

export interface SchemaFromMetaOptions {
  /** columns left out of the form besides the key, isdelete and server-filled ones */
  omit?: string[];
  /** labels by column name, over the metadata's titles (a page's own i18n texts) */
  labels?: Record<string, FormText>;
}

/** The existing edit dialog's label column is 128 px wide; a generated form keeps that look. */
export const META_FORM_LABEL_WIDTH = 128;
/** Up to this many values an enumeration is a radio group, beyond it a dropdown. */
export const RADIO_LIMIT = 5;

const textOf = (label: FormText | string): FormText =>
  typeof label === 'string' ? { zh: label } : label.en ? { zh: label.zh, en: label.en } : { zh: label.zh };

function fieldOf(meta: MetaTableInput, column: MetaColumnInput, label: FormText): FormValueField {
  const ui = column.ui ?? {};
  const required = column.required && !ui.optional;
  const rules = required ? { required: true } : {};
  const base = { name: column.name, label, ...(Object.keys(rules).length ? { rules } : {}) };
  const withRules = <T extends FormValueField>(field: T, more: Record<string, unknown>): T => {
    const merged = { ...(field.rules ?? {}), ...more };
    return Object.keys(merged).length ? { ...field, rules: merged } : field;
  };

  if (column.enum?.length) {
    const options: FormOption[] = column.enum.map((e) => ({ value: e.value, label: textOf(e.label) }));
    if (column.list) return { ...base, kind: 'checkbox', options };
    const fromColumn = column.defaultValue !== undefined ? options.find((o) => String(o.value) === String(column.defaultValue)) : undefined;
    // SPEC.md §9: a radio starts on '1' when it offers it
    const start = fromColumn ?? options.find((o) => String(o.value) === '1');
    const radio = ui.control === 'radio' || (ui.control === undefined && options.length <= RADIO_LIMIT);
    return { ...base, kind: radio ? 'radio' : 'select', options, ...(start && radio ? { defaultValue: start.value } : {}) };
  }

  const refFlag = column.reference?.flag ?? column.references;
  if (refFlag) {
    const labelField = column.reference?.labelColumn ?? 'name';
    const parentField = column.reference?.treeColumn ?? (refFlag === meta.flag ? meta.tree?.parentColumn : undefined);
    if (parentField) {
      // the row holds the chosen node, the cascader shows its path; any level may be chosen
      return {
        ...base,
        kind: 'cascader',
        options: { from: 'table', flag: refFlag, valueField: 'id', labelField, parentField },
        emitPath: false,
        changeOnSelect: true,
        ...(column.list ? { multiple: true } : {}),
      };
    }
    return {
      ...base,
      kind: 'select',
      options: { from: 'table', flag: refFlag, valueField: 'id', labelField },
      filterable: true,
      ...(column.list ? { multiple: true } : {}),
    };
  }

  const bounds = { ...(ui.min !== undefined ? { min: ui.min } : {}), ...(ui.max !== undefined ? { max: ui.max } : {}) };
  const numberDefault = typeof column.defaultValue === 'number' ? { defaultValue: column.defaultValue } : {};
  switch (column.type) {
    case 'int':
      return withRules({ ...base, kind: 'number', precision: 0, ...numberDefault }, bounds);
    case 'float':
      return withRules({ ...base, kind: 'number', ...numberDefault }, bounds);
    case 'money':
      return withRules({ ...base, kind: 'number', precision: 2, step: 0.01, ...numberDefault }, bounds);
    case 'datetime':
      return { ...base, kind: 'date', type: 'datetime' };
    case 'image':
      return withRules({ ...base, kind: 'upload', listType: 'picture-card' }, { accept: ['image'] });
    case 'ntext':
      return ui.control === 'editor' ? { ...base, kind: 'richText' } : { ...base, kind: 'textarea' };
    default: {
      const length = column.length ? { maxLength: column.length } : {};
      if (ui.control === 'editor') return { ...base, kind: 'richText' };
      if (ui.control === 'textarea') return withRules({ ...base, kind: 'textarea' }, length);
      return withRules({ ...base, kind: 'text' }, length);
    }
  }
}

/**
 * A form schema for the add/edit dialog of a registry table: one field per editable column, its kind from the
 * column (enumeration -> radio / select / checkbox, reference -> select or cascader from that table, image ->
 * upload, ntext -> textarea, datetime -> date with time, money -> number with 2 decimals), its label from the
 * title, required from the metadata. The answer is plain data: a page may adjust it before rendering.
 */
export function schemaFromTableMeta(meta: MetaTableInput, options: SchemaFromMetaOptions = {}): FormSchema {
  const key = meta.primaryKey ?? 'id';
  const omit = new Set([key, 'isdelete', ...(options.omit ?? [])]);
  const fields = meta.columns
    .filter((c) => !omit.has(c.name) && !c.serverFilled && c.ui?.form !== false)
    .map((c) => fieldOf(meta, c, (options.labels && ownValue(options.labels, c.name)) ?? (c.title ? textOf(c.title) : { zh: c.name })));
  return { version: FORM_SCHEMA_VERSION, labelWidth: META_FORM_LABEL_WIDTH, labelPosition: 'right', fields };
}
