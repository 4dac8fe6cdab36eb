import { Switch } from 'antd';
import { NodeIndexOutlined } from '@ant-design/icons';
import type { FormFieldOf } from '@qb/contracts';
import type { WebKindDesign } from '../descriptor.ts';
import { defaultText } from '../designShared.tsx';

const cascaderDesign: WebKindDesign<FormFieldOf<'cascader'>> = {
  kind: 'cascader',
  group: 'select',
  rank: 20,
  icon: <NodeIndexOutlined />,
  newField: (base) => ({
    ...base,
    kind: 'cascader',
    options: [{ label: defaultText('option1'), value: 1, children: [{ label: defaultText('child1'), value: 2 }] }],
    rules: { required: true },
  }),
  placeholder: true,
  shape: 'list',
  optionTree: true,
  panel: (field, { bool, item, set, t }) => [
    bool('multiple'),
    bool('changeOnSelect'),
    item('emitPath', t('designer.props.emitPath'), <Switch checked={field.emitPath !== false} onChange={(v) => set({ emitPath: v ? undefined : false })} />),
  ],
};
export default cascaderDesign;

declare module '../design.ts' {
  interface WebKindDesigns {
    cascader: typeof cascaderDesign;
  }
}
