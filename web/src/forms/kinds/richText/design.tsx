import { EditOutlined } from '@ant-design/icons';
import type { FormFieldOf } from '@qb/contracts';
import type { WebKindDesign } from '../descriptor.ts';

const richTextDesign: WebKindDesign<FormFieldOf<'richText'>> = {
  kind: 'richText',
  group: 'input',
  rank: 50,
  icon: <EditOutlined />,
  newField: (base) => ({ ...base, kind: 'richText', height: 300 }),
  shape: 'text',
  noDefaultValue: true,
  panel: (_field, { num, ruleNum }) => [num('height', 50), ruleNum('maxLength', 1)],
};
export default richTextDesign;

declare module '../design.ts' {
  interface WebKindDesigns {
    richText: typeof richTextDesign;
  }
}
