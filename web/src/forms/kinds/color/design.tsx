import { Select } from 'antd';
import { BgColorsOutlined } from '@ant-design/icons';
import type { FormFieldOf } from '@qb/contracts';
import type { WebKindDesign } from '../descriptor.ts';

/** SPEC.md §9 colour formats as the designer offers them: an -a format turns alpha on (SPEC.md §4). */
export const COLOR_FORMATS = ['hex', 'rgb', 'rgba', 'hsb', 'hsba'] as const;

const colorDesign: WebKindDesign<FormFieldOf<'color'>> = {
  kind: 'color',
  group: 'select',
  rank: 120,
  icon: <BgColorsOutlined />,
  newField: (base) => ({ ...base, kind: 'color', format: 'hex' }),
  shape: 'text',
  patched(_field, patch, next) {
    if (!('colorFormat' in patch)) return false;
    const chosen = String(patch.colorFormat) as (typeof COLOR_FORMATS)[number];
    delete next.colorFormat;
    delete next.defaultValue;
    next.format = chosen.replace(/a$/, '') as 'hex' | 'rgb' | 'hsb';
    next.alpha = chosen.includes('a');
    return true;
  },
  panel: (field, { item, set, t }) => [
    item(
      'colorFormat',
      t('designer.props.colorFormat'),
      <Select
        value={`${field.format ?? 'hex'}${field.alpha && field.format !== 'hex' ? 'a' : ''}`}
        aria-label={t('designer.props.colorFormat')}
        data-testid="prop-colorFormat"
        onChange={(v) => set({ colorFormat: v })}
        options={COLOR_FORMATS.map((v) => ({ value: v, label: v }))}
      />,
    ),
  ],
};
export default colorDesign;

declare module '../design.ts' {
  interface WebKindDesigns {
    color: typeof colorDesign;
  }
}
