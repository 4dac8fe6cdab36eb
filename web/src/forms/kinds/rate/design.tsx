import { StarOutlined } from '@ant-design/icons';
import type { FormFieldOf } from '@qb/contracts';
import type { WebKindDesign } from '../descriptor.ts';

const rateDesign: WebKindDesign<FormFieldOf<'rate'>> = {
  kind: 'rate',
  group: 'select',
  rank: 110,
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
export default rateDesign;

declare module '../design.ts' {
  interface WebKindDesigns {
    rate: typeof rateDesign;
  }
}
