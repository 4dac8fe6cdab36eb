import { Row } from 'antd';
import type { FormFieldOf } from '@qb/contracts';
import type { LayoutItemProps, WebKindDescriptor } from '../descriptor.ts';

/** A row: its items in a nested grid row. */
function RowItem({ field, gutter, items }: LayoutItemProps<FormFieldOf<'row'>>) {
  return (
    <Row gutter={field.gutter ?? gutter} justify={field.justify} align={field.align} data-testid={`form-row-${field.name}`}>
      {items(field.children)}
    </Row>
  );
}

const rowKind: WebKindDescriptor<FormFieldOf<'row'>> = { kind: 'row', Item: RowItem };
export default rowKind;

declare module '../index.ts' {
  interface WebKindInputs {
    row: typeof rowKind;
  }
}
