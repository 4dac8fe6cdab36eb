import type { FormFieldKind } from '@qb/contracts';
import { kindDesign } from '../forms/kinds/design.ts';

/** The palette's icon of a kind (the reference's tagIcon; its kinds/<kind>/design.tsx). */
export function KindIcon({ kind }: { kind: FormFieldKind }) {
  return (
    <span className="qb-designer-kind-icon" aria-hidden>
      {kindDesign(kind).icon}
    </span>
  );
}
