import { BorderOuterOutlined } from '@ant-design/icons';
import type { FormRowField } from '@qb/contracts';
import type { WebKindDesign } from '../descriptor.ts';

export const rowDesign: WebKindDesign<FormRowField> = {
  kind: 'row',
  group: 'layout',
  icon: <BorderOuterOutlined />,
  newField: (base) => ({ ...base, label: { zh: '' }, kind: 'row', children: [] }),
  namePrefix: 'row',
  container: true,
  panel: (_field, { num, choice }) => [
    num('gutter', 0, 100),
    choice('justify', ['start', 'end', 'center', 'space-around', 'space-between'] as const),
    choice('align', ['top', 'middle', 'bottom'] as const),
  ],
};
