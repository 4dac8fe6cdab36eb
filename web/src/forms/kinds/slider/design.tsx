import { SlidersOutlined } from '@ant-design/icons';
import type { FormFieldOf } from '@qb/contracts';
import type { WebKindDesign } from '../descriptor.ts';

const sliderDesign: WebKindDesign<FormFieldOf<'slider'>> = {
  kind: 'slider',
  group: 'select',
  rank: 60,
  icon: <SlidersOutlined />,
  newField: (base) => ({ ...base, kind: 'slider', step: 1, defaultValue: 0, rules: { min: 0, max: 100 } }),
  patched(field, patch, next) {
    // a range starts at [min, max], a single value at min
    if ('range' in patch && patch.range !== field.range) {
      const min = field.rules?.min ?? 0;
      const max = field.rules?.max ?? 100;
      next.defaultValue = patch.range ? [min, max] : min;
    }
    return false;
  },
  linkage: { input: 'number' },
  panel: (_field, { ruleNum, num, bool }) => [ruleNum('min'), ruleNum('max'), num('step', 0), bool('range'), bool('showStops')],
};
export default sliderDesign;

declare module '../design.ts' {
  interface WebKindDesigns {
    slider: typeof sliderDesign;
  }
}
