import { StarOutlined } from '@ant-design/icons';
import type { FormRateField } from '@qb/contracts';
import type { WebKindDesign } from '../descriptor.ts';

export const rateDesign: WebKindDesign<FormRateField> = {
  kind: 'rate',
  group: 'select',
  icon: <StarOutlined />,
  newField: (base) => ({ ...base, kind: 'rate', count: 5, defaultValue: 0 }),
  shape: 'number',
  patched(_field, patch, next) {
    // SPEC.md §4: show text and show score exclude each other
    if (patch.showText === true) next.showScore = false;
    if (patch.showScore === true) next.showText = false;
    return false;
  },
  linkage: { input: 'number' },
  panel: (_field, { num, bool }) => [num('count', 1, 10), bool('allowHalf'), bool('showText'), bool('showScore')],
};
