import type { FormRowField } from '@qb/contracts';
import type { WebKindDescriptor } from '../descriptor.ts';

/** A layout item: no control of its own. */
export const rowKind: WebKindDescriptor<FormRowField> = { kind: 'row' };
