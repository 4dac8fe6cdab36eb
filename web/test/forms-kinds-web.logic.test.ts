import { describe, expect, it } from 'vitest';
import { FORM_FIELD_KINDS, isFormValueKind } from '@qb/contracts';
import { WEB_KIND_DESCRIPTORS } from '../src/forms/kinds/index.ts';
import { WEB_KIND_DESIGNS } from '../src/forms/kinds/design.ts';
import { WEB_KIND_CODE } from '../src/forms/kinds/code.ts';
import { newField, PALETTE_GROUPS } from '../src/designer/palette.ts';

// A kind on the web is one folder, web/src/forms/kinds/<kind>/ (docs/architecture.md "Field kinds"): its control,
// its designer part and its generated code, each list keyed by the contract's kinds.
describe('web kind descriptors', () => {
  it('lists every contract kind once in each facet, under its own name', () => {
    for (const list of [WEB_KIND_DESCRIPTORS, WEB_KIND_DESIGNS, WEB_KIND_CODE]) {
      expect(Object.keys(list).sort()).toEqual([...FORM_FIELD_KINDS].sort());
      for (const [kind, d] of Object.entries(list)) expect(d.kind).toBe(kind);
    }
  });

  it('gives every value kind a control and a source, every layout kind a column', () => {
    for (const kind of FORM_FIELD_KINDS) {
      const value = isFormValueKind(kind);
      expect(!!WEB_KIND_DESCRIPTORS[kind].Input, kind).toBe(value);
      expect(!!WEB_KIND_CODE[kind].source, kind).toBe(value);
      expect(!!WEB_KIND_CODE[kind].column, kind).toBe(!value);
      expect(newField(kind, 101).kind).toBe(kind);
    }
  });

  it('keeps the palette in the contract order, in three groups', () => {
    expect(PALETTE_GROUPS.flatMap((g) => g.kinds)).toEqual([...FORM_FIELD_KINDS]);
    expect(PALETTE_GROUPS.map((g) => g.group)).toEqual(['input', 'select', 'layout']);
  });
});
