import type { FormUploadField } from '@qb/contracts';
import { UploadInput } from '../../UploadInput.tsx';
import type { KindInputProps, WebKindDescriptor } from '../descriptor.ts';

function UploadKindInput({ field, value, change, id }: KindInputProps<FormUploadField>) {
  return <UploadInput id={id} field={field} value={value} onChange={change} />;
}

export const uploadKind: WebKindDescriptor<FormUploadField> = { kind: 'upload', Input: UploadKindInput };
