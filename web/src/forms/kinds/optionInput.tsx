import { Typography } from 'antd';
import type { FormOptionsSource } from '@qb/contracts';
import { findOptionPath, type OptionItem } from '../options.ts';
import { useFieldOptions } from '../useFieldOptions.ts';
import type { KindInputProps } from './descriptor.ts';

/** What the option kinds' controls share: the options (static, a URL or a table), the off state, the failed line. */
export function useOptionControl({ field, lang, t, dependValue, disabledId, disabled }: KindInputProps<{ options: FormOptionsSource; readonly?: boolean }>) {
  const options = useFieldOptions(field.options, lang, dependValue, disabledId);
  return {
    options,
    off: disabled || !!field.readonly,
    status: options.failed ? ('error' as const) : undefined,
    failed: options.failed ? <Typography.Text type="danger">{t('forms.optionsFailed')}</Typography.Text> : null,
  };
}

/** The path of a leaf in an option tree (the leaf alone when it is not found). */
export const pathOf = (tree: OptionItem[], leaf: unknown) =>
  leaf === null || leaf === undefined || leaf === '' ? [] : (findOptionPath(tree, leaf) ?? [leaf as string | number]);
