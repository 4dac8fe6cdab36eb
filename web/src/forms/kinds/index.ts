import type { FormFieldKind, FormFieldOf } from '@qb/contracts';
import { facetsByKind, type EveryKindHas, type WebKindDescriptor } from './descriptor.ts';

// THE web list of field kinds (issue 20, 32): what the table pages know of each kind (its control), found in
// kinds/<kind>/input.tsx. Each such file adds itself to WebKindInputs; a contract kind without one fails the type
// check below, naming the file to write. The designer's facets are found by kinds/design.ts, the code generator's
// by kinds/code.ts.

// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging, one member per kinds/<kind>/input.tsx
export interface WebKindInputs {}

const _complete: EveryKindHas<keyof WebKindInputs, 'input.tsx'> = true;

export const WEB_KIND_DESCRIPTORS = facetsByKind<{ [K in FormFieldKind]: WebKindDescriptor<FormFieldOf<K>> }>(
  import.meta.glob('./*/input.tsx', { eager: true, import: 'default' }),
);

export type { WebKindDescriptor, KindInputProps } from './descriptor.ts';
