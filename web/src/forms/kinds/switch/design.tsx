import { SwapOutlined } from '@ant-design/icons';
import type { FormFieldOf } from '@qb/contracts';
import type { WebKindDesign } from '../descriptor.ts';

const switchDesign: WebKindDesign<FormFieldOf<'switch'>> = {
  kind: 'switch',
  group: 'select',
  rank: 50,
  icon: <SwapOutlined />,
  newField: (base) => ({ ...base, kind: 'switch', defaultValue: false }),
  linkage: {
    input: 'switch',
    // a condition on a switch starts at its on value
    start: (field) => {
      const on = field.activeValue;
      return typeof on === 'string' || typeof on === 'number' || typeof on === 'boolean' ? on : true;
    },
  },
  panel: (_field, { text }) => [text('activeText'), text('inactiveText')],
};
export default switchDesign;

declare module '../design.ts' {
  interface WebKindDesigns {
    switch: typeof switchDesign;
  }
}
