import { EditOutlined } from '@ant-design/icons';
import type { FormRichTextField } from '@qb/contracts';
import type { WebKindDesign } from '../descriptor.ts';

export const richTextDesign: WebKindDesign<FormRichTextField> = {
  kind: 'richText',
  group: 'input',
  icon: <EditOutlined />,
  newField: (base) => ({ ...base, kind: 'richText', height: 300 }),
  shape: 'text',
  noDefaultValue: true,
  panel: (_field, { num, ruleNum }) => [num('height', 50), ruleNum('maxLength', 1)],
};
