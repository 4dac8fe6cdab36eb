import type { FormTableField } from '@qb/contracts';
import type { WebKindDescriptor } from '../descriptor.ts';

/** A layout item: no control of its own. */
export const tableKind: WebKindDescriptor<FormTableField> = { kind: 'table' };
