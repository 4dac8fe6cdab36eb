import { SwapOutlined } from '@ant-design/icons';
import type { FormSwitchField } from '@qb/contracts';
import type { WebKindDesign } from '../descriptor.ts';

export const switchDesign: WebKindDesign<FormSwitchField> = {
  kind: 'switch',
  group: 'select',
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
