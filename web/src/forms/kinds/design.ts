import type { FormField, FormFieldKind, FormFieldOf } from '@qb/contracts';
import { facetsByKind, type EveryKindHas, type WebKindDesign } from './descriptor.ts';

export type { ValueShape, WebKindDesign, PanelKit } from './descriptor.ts';

// The designer's facet of every field kind (kinds/<kind>/design.tsx): palette entry and icon, the new item, the
// property panel's own rows, the store's and linkage's kind bits. Loaded with the designer only (the table pages
// load kinds/index.ts). Each file adds itself to WebKindDesigns; a contract kind without one fails the type check
// below, naming the file to write.

// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging, one member per kinds/<kind>/design.tsx
export interface WebKindDesigns {}

const _complete: EveryKindHas<keyof WebKindDesigns, 'design.tsx'> = true;

export const WEB_KIND_DESIGNS = facetsByKind<{ [K in FormFieldKind]: WebKindDesign<FormFieldOf<K>> }>(
  import.meta.glob('./*/design.tsx', { eager: true, import: 'default' }),
);

/** The designer's facet of a kind. */
export function kindDesign(kind: FormFieldKind): WebKindDesign<FormField> {
  return WEB_KIND_DESIGNS[kind] as unknown as WebKindDesign<FormField>;
}
