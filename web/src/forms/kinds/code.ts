import type { FormField, FormFieldKind, FormFieldOf } from '@qb/contracts';
import { facetsByKind, type EveryKindHas } from './descriptor.ts';
import type { WebKindCode } from './codeShared.ts';

// The code generator's facet of every field kind (kinds/<kind>/code.ts): its control in a generated file, its
// value type, its rule bits. Imported by designer/codegen only, which loads with the generator (docs/forms.md
// "Generated code"). Each file adds itself to WebKindCodes; a contract kind without one fails the type check below,
// naming the file to write.

// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging, one member per kinds/<kind>/code.ts
export interface WebKindCodes {}

const _complete: EveryKindHas<keyof WebKindCodes, 'code.ts'> = true;

export const WEB_KIND_CODE = facetsByKind<{ [K in FormFieldKind]: WebKindCode<FormFieldOf<K>> }>(
  import.meta.glob('./*/code.ts', { eager: true, import: 'default' }),
);

/** The code generator's facet of a kind. */
export function kindCode(kind: FormFieldKind): WebKindCode<FormField> {
  return WEB_KIND_CODE[kind] as unknown as WebKindCode<FormField>;
}
