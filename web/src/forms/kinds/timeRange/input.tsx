import { formTextIn, type FormTimeRangeField } from '@qb/contracts';
import { TimeRangeInput } from '../../pickers.tsx';
import type { KindInputProps, WebKindDescriptor } from '../descriptor.ts';

function TimeRangeKindInput({ field, value, change, id, disabled, readOnly, lang, t }: KindInputProps<FormTimeRangeField>) {
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

export const timeRangeKind: WebKindDescriptor<FormTimeRangeField> = { kind: 'timeRange', Input: TimeRangeKindInput };
