import { FieldNumberOutlined } from '@ant-design/icons';
import type { FormNumberField } from '@qb/contracts';
import type { WebKindDesign } from '../descriptor.ts';

export const numberDesign: WebKindDesign<FormNumberField> = {
  kind: 'number',
  group: 'input',
  icon: <FieldNumberOutlined />,
  newField: (base) => ({ ...base, kind: 'number', step: 1 }),
  placeholder: true,
  shape: 'number',
  linkage: { input: 'number' },
  panel: (_field, { ruleNum, num }) => [ruleNum('min'), ruleNum('max'), num('step', 0), num('precision', 0)],
};
