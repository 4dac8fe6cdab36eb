import { BorderOuterOutlined } from '@ant-design/icons';
import type { FormFieldOf } from '@qb/contracts';
import type { WebKindDesign } from '../descriptor.ts';

const rowDesign: WebKindDesign<FormFieldOf<'row'>> = {
  kind: 'row',
  group: 'layout',
  rank: 10,
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
export default rowDesign;

declare module '../design.ts' {
  interface WebKindDesigns {
    row: typeof rowDesign;
  }
}
