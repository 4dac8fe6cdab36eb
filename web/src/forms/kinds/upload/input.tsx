import type { FormFieldOf } from '@qb/contracts';
import { UploadInput } from '../../UploadInput.tsx';
import type { KindInputProps, WebKindDescriptor } from '../descriptor.ts';

function UploadKindInput({ field, value, change, id }: KindInputProps<FormFieldOf<'upload'>>) {
  return <UploadInput id={id} field={field} value={value} onChange={change} />;
}

const uploadKind: WebKindDescriptor<FormFieldOf<'upload'>> = { kind: 'upload', Input: UploadKindInput };
export default uploadKind;

declare module '../index.ts' {
  interface WebKindInputs {
    upload: typeof uploadKind;
  }
}
