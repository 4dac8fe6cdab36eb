import { FieldNumberOutlined } from '@ant-design/icons';
import type { FormFieldOf } from '@qb/contracts';
import type { WebKindDesign } from '../descriptor.ts';

const numberDesign: WebKindDesign<FormFieldOf<'number'>> = {
  kind: 'number',
  group: 'input',
  rank: 40,
  icon: <FieldNumberOutlined />,
  newField: (base) => ({ ...base, kind: 'number', step: 1 }),
  placeholder: true,
  shape: 'number',
  linkage: { input: 'number' },
  panel: (_field, { ruleNum, num }) => [ruleNum('min'), ruleNum('max'), num('step', 0), num('precision', 0)],
};
export default numberDesign;

declare module '../design.ts' {
  interface WebKindDesigns {
    number: typeof numberDesign;
  }
}
