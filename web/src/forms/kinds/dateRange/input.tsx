import { formTextIn, type FormFieldOf } from '@qb/contracts';
import { DateRangeInput } from '../../pickers.tsx';
import type { KindInputProps, WebKindDescriptor } from '../descriptor.ts';

function DateRangeKindInput({ field, value, change, id, disabled, readOnly, lang, t }: KindInputProps<FormFieldOf<'dateRange'>>) {
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

const dateRangeKind: WebKindDescriptor<FormFieldOf<'dateRange'>> = { kind: 'dateRange', Input: DateRangeKindInput };
export default dateRangeKind;

declare module '../index.ts' {
  interface WebKindInputs {
    dateRange: typeof dateRangeKind;
  }
}
