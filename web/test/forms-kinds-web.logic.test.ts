import { describe, expect, it } from 'vitest';
import { FORM_FIELD_KINDS, FORM_KIND_NAMES, isFormValueKind, type FormFieldKind } from '@qb/contracts';
import { WEB_KIND_DESCRIPTORS, type WebKindInputs } from '../src/forms/kinds/index.ts';
import { WEB_KIND_DESIGNS, type WebKindDesigns } from '../src/forms/kinds/design.ts';
import { WEB_KIND_CODE, type WebKindCodes } from '../src/forms/kinds/code.ts';
import type { EveryKindHas } from '../src/forms/kinds/descriptor.ts';
import { kindName, newField, PALETTE_GROUPS, VALUE_KINDS } from '../src/designer/palette.ts';

// A kind on the web is one folder, web/src/forms/kinds/<kind>/ (docs/architecture.md "Field kinds"): its control,
// its designer part and its generated code, each found by a glob and checked by type against the contract's kinds.
// Nothing here lists the kinds: every expectation is a property of each kind, so adding one needs no edit here.

// Completeness, proved by the type checker (npm run typecheck compiles this file): the lists themselves hold
// `EveryKindHas<…> = true` (web/src/forms/kinds/index.ts, design.ts, code.ts), and a kind without its facet is a type
// error naming the file to write. Were EveryKindHas to let a missing facet through, the @ts-expect-error lines would
// be unused, itself an error. `fixtureKind` stands for a contract kind whose web files are not written yet.
// @ts-expect-error a contract kind without its input file
const _noInput: EveryKindHas<keyof WebKindInputs, 'input.tsx', FormFieldKind | 'fixtureKind'> = true;
// @ts-expect-error a kind whose design.tsx is gone
const _noDesign: EveryKindHas<Exclude<keyof WebKindDesigns, 'rate'>, 'design.tsx'> = true;
// @ts-expect-error a kind whose code.ts is gone
const _noCode: EveryKindHas<Exclude<keyof WebKindCodes, 'row'>, 'code.ts'> = true;
// the type error's words: the files to write
const _named: EveryKindHas<keyof WebKindCodes, 'code.ts', FormFieldKind | 'fixtureKind' | 'otherKind'> = 'write web/src/forms/kinds/otherKind/code.ts';

describe('web kind descriptors', () => {
  it('finds every contract kind once in each facet, under its own name, and nothing else', () => {
    for (const list of [WEB_KIND_DESCRIPTORS, WEB_KIND_DESIGNS, WEB_KIND_CODE]) {
      expect(Object.keys(list).sort()).toEqual([...FORM_FIELD_KINDS].sort());
      for (const [kind, d] of Object.entries(list)) expect(d.kind).toBe(kind);
    }
  });

  it('gives every value kind a control and a source, every layout kind a column', () => {
    for (const kind of FORM_FIELD_KINDS) {
      const value = isFormValueKind(kind);
      expect(!!WEB_KIND_DESCRIPTORS[kind].Input, kind).toBe(value);
      expect(!!WEB_KIND_DESCRIPTORS[kind].Item || value, kind).toBe(true);
      expect(!!WEB_KIND_CODE[kind].source, kind).toBe(value);
      expect(!!WEB_KIND_CODE[kind].column, kind).toBe(!value);
      expect(newField(kind, 101).kind).toBe(kind);
    }
  });

  it('orders the palette by group, then rank, then name, whatever the contract list’s order', () => {
    expect(PALETTE_GROUPS.map((g) => g.group)).toEqual(['input', 'select', 'layout']);
    expect(PALETTE_GROUPS.flatMap((g) => g.kinds).sort()).toEqual([...FORM_FIELD_KINDS].sort());
    for (const { group, kinds } of PALETTE_GROUPS) {
      expect(kinds.length, group).toBeGreaterThan(0);
      for (const kind of kinds) expect(WEB_KIND_DESIGNS[kind].group).toBe(group);
      for (let i = 1; i < kinds.length; i++) {
        const [a, b] = [WEB_KIND_DESIGNS[kinds[i - 1]!], WEB_KIND_DESIGNS[kinds[i]!]];
        expect(a.rank < b.rank || (a.rank === b.rank && kinds[i - 1]! < kinds[i]!), `${kinds[i - 1]} before ${kinds[i]}`).toBe(true);
      }
    }
    // the reference's order within a group (SPEC.md §2): the first of each
    expect(PALETTE_GROUPS.map((g) => g.kinds[0])).toEqual(['text', 'select', 'row']);
    expect(VALUE_KINDS).toEqual(PALETTE_GROUPS.flatMap((g) => g.kinds).filter(isFormValueKind));
  });

  it('names every kind in both languages from its contract descriptor', () => {
    for (const kind of FORM_FIELD_KINDS) {
      expect(kindName(kind, 'zh-CN')).toBe(FORM_KIND_NAMES[kind].zh);
      expect(kindName(kind, 'en-US')).toBe(FORM_KIND_NAMES[kind].en);
      if (isFormValueKind(kind)) expect(newField(kind, 101).label, kind).toEqual(FORM_KIND_NAMES[kind]);
    }
  });
});
