import { CheckCircleOutlined } from '@ant-design/icons';
import type { FormFieldOf } from '@qb/contracts';
import type { WebKindDesign } from '../descriptor.ts';
import { defaultOptions } from '../designShared.tsx';

const radioDesign: WebKindDesign<FormFieldOf<'radio'>> = {
  kind: 'radio',
  group: 'select',
  rank: 30,
  icon: <CheckCircleOutlined />,
  newField: (base) => ({ ...base, kind: 'radio', options: defaultOptions(), rules: { required: true } }),
  panel: (_field, { bool }) => [bool('button'), bool('border')],
};
export default radioDesign;

declare module '../design.ts' {
  interface WebKindDesigns {
    radio: typeof radioDesign;
  }
}
