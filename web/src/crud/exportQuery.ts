import type { Wheres } from '@qb/contracts';
import { exportTable, type ExportColumn } from '../api/index.ts';
import type { FieldDef } from './types.ts';

/** The page's columns for the export: titles as shown, enumerations by label, references by name (the server looks them up). */
export function exportColumns(fields: FieldDef[]): ExportColumn[] {
  return fields.map((f) => {
    const column: ExportColumn = { name: f.name, title: f.title };
    if (f.enum) column.labels = Object.fromEntries(f.enum.map((o) => [String(o.value), o.label]));
    else if (f.options) column.ref = { flag: f.options.flag, labelField: f.options.labelField };
    return column;
  });
}

/** Every row of the current query as an .xlsx download, with the columns as shown. */
export async function downloadExport(flag: string, fields: FieldDef[], query: { wheres: Wheres; sort?: string; sortType?: string }, fileName: string) {
  const columns = exportColumns(fields);
  const file = await exportTable(flag, { ...query, columns, fileName });
  const url = URL.createObjectURL(file.blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = file.fileName ?? `${fileName}.xlsx`;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
