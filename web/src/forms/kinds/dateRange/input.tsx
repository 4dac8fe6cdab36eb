import { formTextIn, type FormDateRangeField } from '@qb/contracts';
import { DateRangeInput } from '../../pickers.tsx';
import type { KindInputProps, WebKindDescriptor } from '../descriptor.ts';

function DateRangeKindInput({ field, value, change, id, disabled, readOnly, lang, t }: KindInputProps<FormDateRangeField>) {
  return (
    <DateRangeInput
      id={id}
      value={value}
      onChange={change}
      type={field.type}
      format={field.format}
      placeholders={[formTextIn(field.startPlaceholder, lang) || t('forms.startDate'), formTextIn(field.endPlaceholder, lang) || t('forms.endDate')]}
      disabled={disabled || readOnly}
    />
  );
}

export const dateRangeKind: WebKindDescriptor<FormDateRangeField> = { kind: 'dateRange', Input: DateRangeKindInput };
