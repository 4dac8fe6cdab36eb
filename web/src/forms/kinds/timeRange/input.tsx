import { formTextIn, type FormFieldOf } from '@qb/contracts';
import { TimeRangeInput } from '../../pickers.tsx';
import type { KindInputProps, WebKindDescriptor } from '../descriptor.ts';

function TimeRangeKindInput({ field, value, change, id, disabled, readOnly, lang, t }: KindInputProps<FormFieldOf<'timeRange'>>) {
  return (
    <TimeRangeInput
      id={id}
      value={value}
      onChange={change}
      format={field.format}
      placeholders={[formTextIn(field.startPlaceholder, lang) || t('forms.startTime'), formTextIn(field.endPlaceholder, lang) || t('forms.endTime')]}
      disabled={disabled || readOnly}
    />
  );
}

const timeRangeKind: WebKindDescriptor<FormFieldOf<'timeRange'>> = { kind: 'timeRange', Input: TimeRangeKindInput };
export default timeRangeKind;

declare module '../index.ts' {
  interface WebKindInputs {
    timeRange: typeof timeRangeKind;
  }
}
