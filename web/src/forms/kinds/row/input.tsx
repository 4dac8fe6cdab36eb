import { Row } from 'antd';
import type { FormRowField } from '@qb/contracts';
import type { LayoutItemProps, WebKindDescriptor } from '../descriptor.ts';

/** A row: its items in a nested grid row. */
function RowItem({ field, gutter, items }: LayoutItemProps<FormRowField>) {
  return (
    <Row gutter={field.gutter ?? gutter} justify={field.justify} align={field.align} data-testid={`form-row-${field.name}`}>
      {items(field.children)}
    </Row>
  );
}

export const rowKind: WebKindDescriptor<FormRowField> = { kind: 'row', Item: RowItem };
