import type { FormDateField } from '@qb/contracts';
import { DateInput } from '../../pickers.tsx';
import type { KindInputProps, WebKindDescriptor } from '../descriptor.ts';

function DateKindInput({ field, value, change, id, disabled, placeholder, readOnly }: KindInputProps<FormDateField>) {
  return (
    <DateInput id={id} value={value} onChange={change} type={field.type} format={field.format} placeholder={placeholder} disabled={disabled || readOnly} />
  );
}

export const dateKind: WebKindDescriptor<FormDateField> = { kind: 'date', Input: DateKindInput };
