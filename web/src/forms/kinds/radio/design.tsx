import { CheckCircleOutlined } from '@ant-design/icons';
import type { FormRadioField } from '@qb/contracts';
import type { WebKindDesign } from '../descriptor.ts';
import { defaultOptions } from '../designShared.tsx';

export const radioDesign: WebKindDesign<FormRadioField> = {
  kind: 'radio',
  group: 'select',
  icon: <CheckCircleOutlined />,
  newField: (base) => ({ ...base, kind: 'radio', options: defaultOptions(), rules: { required: true } }),
  panel: (_field, { bool }) => [bool('button'), bool('border')],
};
