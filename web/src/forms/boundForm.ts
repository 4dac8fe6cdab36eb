import { formValueFields, formValueKind, ownValue, withColumnTitles, type FormSchema, type TableMeta } from '@qb/contracts';

// A form definition bound to a table (docs/forms.md "Forms bound to tables"): GET /api/schema/:flag answers it
// as `form`, and the table's page edits rows with it instead of the form derived from the columns.

/**
 * The bound form of a table's metadata, or undefined (the page derives its form from the columns). An English label
 * nobody typed (none, or the palette's name as earlier releases stored it) reads as the column's English title.
 */
export function boundFormOf(meta: TableMeta): FormSchema | undefined {
  const form = meta.form as unknown as FormSchema | undefined;
  return form && form.version === 2 && Array.isArray(form.fields) ? withColumnTitles(form, meta.columns) : undefined;
}

/** A stored row as the bound form edits it: lists the server keeps as JSON text are lists again. */
export function boundFormValues(schema: FormSchema, row: Record<string, unknown>): Record<string, unknown> {
  const values = { ...row };
  for (const field of formValueFields(schema)) {
    const v = ownValue(values, field.name);
    if (!formValueKind(field).listValued(field) || typeof v !== 'string' || !v.trim().startsWith('[')) continue;
    try {
      values[field.name] = JSON.parse(v);
    } catch {
      // left as text: the form says the value is not right
    }
  }
  return values;
}
