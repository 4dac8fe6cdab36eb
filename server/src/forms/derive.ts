import { formTextIn, formValueFields, formValueKind, type FormSchema, type FormValueField } from '@qb/contracts';
import type { DerivedColumn } from '@qb/contracts';
import { DEFAULT_LENGTH } from '../tables/ddl.ts';

// Auto-create: the columns of a table made from a form's value fields (docs/forms.md "Auto-create"). Which column a
// field binds to is its kind's (the descriptor's `column`, packages/contracts/src/forms/kinds/); this file sizes it.

type Derived = Pick<DerivedColumn, 'type' | 'length'>;

/** The logical type of a field's column. Lists (and ranges) are stored as JSON text; an nvarchar without a length is the default length, or as long as the longest value it must fit. */
export function columnTypeOf(field: FormValueField): Derived {
  const column = formValueKind(field).column(field);
  if (column.type !== 'nvarchar') return { type: column.type };
  return { type: 'nvarchar', length: column.length ?? Math.max(DEFAULT_LENGTH, ...(column.fits ?? []).map((v) => String(v).length)) };
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
