import type { FormFieldOf } from '@qb/contracts';
import { TimeInput } from '../../pickers.tsx';
import type { KindInputProps, WebKindDescriptor } from '../descriptor.ts';

function TimeKindInput({ field, value, change, id, disabled, placeholder, readOnly }: KindInputProps<FormFieldOf<'time'>>) {
  return <TimeInput id={id} value={value} onChange={change} format={field.format} placeholder={placeholder} disabled={disabled || readOnly} />;
}

const timeKind: WebKindDescriptor<FormFieldOf<'time'>> = { kind: 'time', Input: TimeKindInput };
export default timeKind;

declare module '../index.ts' {
  interface WebKindInputs {
    time: typeof timeKind;
  }
}
