import type { FormFieldOf } from '@qb/contracts';
import { DateInput } from '../../pickers.tsx';
import type { KindInputProps, WebKindDescriptor } from '../descriptor.ts';

function DateKindInput({ field, value, change, id, disabled, placeholder, readOnly }: KindInputProps<FormFieldOf<'date'>>) {
  return (
    <DateInput id={id} value={value} onChange={change} type={field.type} format={field.format} placeholder={placeholder} disabled={disabled || readOnly} />
  );
}

const dateKind: WebKindDescriptor<FormFieldOf<'date'>> = { kind: 'date', Input: DateKindInput };
export default dateKind;

declare module '../index.ts' {
  interface WebKindInputs {
    date: typeof dateKind;
  }
}
