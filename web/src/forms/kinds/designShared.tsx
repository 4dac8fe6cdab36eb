import { Input } from 'antd';
import type { FormOption, FormText } from '@qb/contracts';
import designerZhCN from '../../i18n/designer.zh-CN.ts';
import designerEnUS from '../../i18n/designer.en-US.ts';
import type { PanelKit } from './descriptor.ts';

// What the kinds' designer facets share (kinds/<kind>/design.tsx): the defaults' texts and the format row.

type DefaultKey = keyof typeof designerZhCN.designer.defaults;

/** A default text of a new item, in both languages. */
export const defaultText = (key: DefaultKey): FormText => ({ zh: designerZhCN.designer.defaults[key], en: designerEnUS.designer.defaults[key] });

/** The two options of a new option field. */
export const defaultOptions = (): FormOption[] => [
  { label: defaultText('option1'), value: 1 },
  { label: defaultText('option2'), value: 2 },
];

/** 时间格式 / 日期格式: the stored format, as typed. */
export function formatRow(field: { format?: string }, { item, set, t }: PanelKit) {
  return item(
    'format',
    t('designer.props.format'),
    <Input value={String(field.format ?? '')} onChange={(e) => set({ format: e.target.value || undefined }, 'format')} />,
  );
}
