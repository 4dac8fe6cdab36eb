import { formTextIn, formValueFields, type FormOptionsSource, type FormSchema, type FormValueField } from '@qb/contracts';
import type { DerivedColumn } from '@qb/contracts';
import { DEFAULT_LENGTH } from '../ddl/generate.ts';

// Auto-create: the columns of a table made from a form's value fields (docs/forms.md "Auto-create").

type Derived = Pick<DerivedColumn, 'type' | 'length'>;

const nvarchar = (length: number): Derived => ({ type: 'nvarchar', length });

/** The option values of a static list; undefined for options read from a table or a URL. */
function optionValues(options: FormOptionsSource): (string | number)[] | undefined {
  if (!Array.isArray(options)) return undefined;
  const out: (string | number)[] = [];
  const walk = (list: typeof options) => {
    for (const o of list) {
      out.push(o.value);
      if (o.children) walk(o.children);
    }
  };
  walk(options);
  return out;
}

/** One chosen value: int when every option value is an integer (table options by id too), else text as long as the longest. */
function chosenValueType(options: FormOptionsSource): Derived {
  const values = optionValues(options);
  if (!values) {
    if (!Array.isArray(options) && options.from === 'table' && options.valueField === 'id') return { type: 'int' };
    return nvarchar(DEFAULT_LENGTH);
  }
  if (values.length > 0 && values.every((v) => typeof v === 'number' && Number.isInteger(v))) return { type: 'int' };
  return nvarchar(Math.max(DEFAULT_LENGTH, ...values.map((v) => String(v).length)));
}

/** The logical type of a field's column. Lists (and ranges) are stored as JSON text. */
export function columnTypeOf(field: FormValueField): Derived {
  switch (field.kind) {
    case 'text':
    case 'password':
      return nvarchar(Math.min(4000, field.rules?.maxLength ?? DEFAULT_LENGTH));
    case 'textarea':
    case 'richText':
      return { type: 'ntext' };
    case 'number':
      if (field.precision === 2) return { type: 'money' };
      return field.precision && field.precision > 0 ? { type: 'float' } : Number.isInteger(field.step ?? 1) ? { type: 'int' } : { type: 'float' };
    case 'select':
      return field.multiple ? nvarchar(500) : chosenValueType(field.options);
    case 'radio':
      return chosenValueType(field.options);
    case 'cascader':
      return field.emitPath === false && !field.multiple ? chosenValueType(field.options) : nvarchar(500);
    case 'checkbox':
      return nvarchar(500);
    case 'switch': {
      const values = [field.activeValue ?? true, field.inactiveValue ?? false];
      if (values.every((v) => typeof v === 'boolean' || (typeof v === 'number' && Number.isInteger(v)))) return { type: 'int' };
      return nvarchar(Math.max(DEFAULT_LENGTH, ...values.map((v) => String(v).length)));
    }
    case 'slider':
      if (field.range) return nvarchar(100);
      return Number.isInteger(field.step ?? 1) ? { type: 'int' } : { type: 'float' };
    case 'rate':
      return field.allowHalf ? { type: 'float' } : { type: 'int' };
    case 'date':
      // a month or a year is not a date: kept as its text
      return field.type === 'month' || field.type === 'year' ? nvarchar(20) : { type: 'datetime' };
    case 'time':
      return nvarchar(20);
    case 'timeRange':
    case 'dateRange':
      return nvarchar(100);
    case 'color':
      return nvarchar(DEFAULT_LENGTH);
    case 'upload':
      return field.multiple ? { type: 'ntext' } : nvarchar(500);
  }
}

/** id (int key, auto increment), a column per value field in the form's order, isdelete (soft delete, default 0). */
export function deriveColumns(schema: FormSchema): DerivedColumn[] {
  const columns: DerivedColumn[] = [{ columnName: 'id', type: 'int', primaryKey: true, autoIncrement: true, intro: 'ID' }];
  for (const field of formValueFields(schema)) {
    const type = columnTypeOf(field);
    const zh = formTextIn(field.label, 'zh');
    const en = field.label.en;
    columns.push({
      columnName: field.name,
      ...type,
      primaryKey: false,
      autoIncrement: false,
      intro: zh || field.name,
      ...(en ? { titleEn: en } : {}),
      field: field.name,
      kind: field.kind,
    });
  }
  columns.push({ columnName: 'isdelete', type: 'int', primaryKey: false, autoIncrement: false, defaults: '0', intro: '删除标记', titleEn: 'Deleted' });
  return columns;
}
