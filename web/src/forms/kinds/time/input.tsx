import type { FormTimeField } from '@qb/contracts';
import { TimeInput } from '../../pickers.tsx';
import type { KindInputProps, WebKindDescriptor } from '../descriptor.ts';

function TimeKindInput({ field, value, change, id, disabled, placeholder, readOnly }: KindInputProps<FormTimeField>) {
  return <TimeInput id={id} value={value} onChange={change} format={field.format} placeholder={placeholder} disabled={disabled || readOnly} />;
}

export const timeKind: WebKindDescriptor<FormTimeField> = { kind: 'time', Input: TimeKindInput };
