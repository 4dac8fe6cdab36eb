import { Form } from 'antd';
import { formTextIn, type FormFieldOf } from '@qb/contracts';
import type { LayoutItemProps, WebKindDescriptor } from '../descriptor.ts';

/** A table: a read-only placeholder (the designer places tables for its generated code). */
function TableItem({ field, lang, t }: LayoutItemProps<FormFieldOf<'table'>>) {
  return (
    <Form.Item label={field.showLabel === false ? undefined : formTextIn(field.label, lang) || undefined}>
      <table className="qb-form-table" data-testid={`form-table-${field.name}`}>
        <thead>
          <tr>
            {field.columns.map((c) => (
              <th key={c.name}>{formTextIn(c.label, lang)}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          <tr>
            <td colSpan={Math.max(field.columns.length, 1)}>{t('forms.tableEmpty')}</td>
          </tr>
        </tbody>
      </table>
    </Form.Item>
  );
}

const tableKind: WebKindDescriptor<FormFieldOf<'table'>> = { kind: 'table', Item: TableItem };
export default tableKind;

declare module '../index.ts' {
  interface WebKindInputs {
    table: typeof tableKind;
  }
}
