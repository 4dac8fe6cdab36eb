import type { FormButtonField } from '@qb/contracts';
import type { WebKindDescriptor } from '../descriptor.ts';

/** A layout item: no control of its own. */
export const buttonKind: WebKindDescriptor<FormButtonField> = { kind: 'button' };
