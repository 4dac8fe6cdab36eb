import { describe, expect, it } from 'vitest';
import {
  FORM_FIELD_KINDS,
  FORM_KIND_DESCRIPTORS,
  FORM_KIND_NAMES,
  migrateFormSchema,
  parseFormSchema,
  type FieldKindDescriptor,
  type FormFieldKind,
} from '../src/index.ts';
import { FORM_ITEM_KEYS, FORM_VALUE_KEYS, type KindV1Context } from '../src/forms/kinds/descriptor.ts';

// The field kinds' descriptors (docs/architecture.md "Field kinds"). Nothing here lists the kinds: each expectation
// is a property every kind keeps, so a new kind needs no edit here and a broken one still fails. That a kind file
// not listed in FORM_KIND_DESCRIPTORS fails the type check is test/kinds-complete.test.ts.

const descriptors = Object.entries(FORM_KIND_DESCRIPTORS as Record<FormFieldKind, FieldKindDescriptor>);
const CJK = /[\u4e00-\u9fff]/;

describe('field kind descriptors', () => {
  it('are listed under their own kind, once, and FORM_FIELD_KINDS is that list', () => {
    for (const [kind, d] of descriptors) expect(d.kind).toBe(kind);
    expect([...FORM_FIELD_KINDS].sort()).toEqual(Object.keys(FORM_KIND_DESCRIPTORS).sort());
    expect(new Set(FORM_FIELD_KINDS).size).toBe(FORM_FIELD_KINDS.length);
  });

  it('name each kind in both languages, each name its own (an untyped English label is told by its name)', () => {
    for (const [kind, d] of descriptors) {
      expect(d.title.zh, kind).toMatch(CJK);
      expect(d.title.en.trim(), kind).not.toBe('');
      expect(d.title.en, kind).not.toMatch(CJK);
      expect(FORM_KIND_NAMES[kind as FormFieldKind]).toEqual(d.title);
    }
    for (const lang of ['zh', 'en'] as const) {
      const names = descriptors.map(([, d]) => d.title[lang]);
      expect(new Set(names).size, lang).toBe(names.length);
    }
  });

  it('read keys of their own only, and say what a value kind is', () => {
    for (const [kind, d] of descriptors) {
      const common = new Set<string>(d.layout ? FORM_ITEM_KEYS : FORM_VALUE_KEYS);
      expect(
        d.keys.filter((k) => common.has(k)),
        kind,
      ).toEqual([]);
      expect(new Set(d.keys).size, kind).toBe(d.keys.length);
      if (d.layout) continue;
      expect(['enter', 'select', 'upload'], kind).toContain(d.message);
      expect(typeof d.column, kind).toBe('function');
      expect(typeof d.listValued, kind).toBe('function');
    }
  });

  it('are all accepted by the parser, whose message names every kind', () => {
    const parsed = parseFormSchema({ version: 2, fields: [{ kind: 'nope', name: 'a', label: { zh: '甲' } }] });
    const message = parsed.ok ? '' : parsed.problems.join('\n');
    for (const kind of FORM_FIELD_KINDS) expect(message).toMatch(new RegExp(`[ ,]${kind}[,]`));
  });
});

// Version 1 (form-generator) components, one of each it had: a closed set, not a list of this project's kinds.
const cfg = (tag: string | undefined, extra: Record<string, unknown> = {}) => ({ tag, label: '甲', layout: 'colFormItem', ...extra });
const V1_COMPONENTS: Record<string, unknown>[] = [
  { __config__: cfg('el-input', { tagIcon: 'input' }) },
  { __config__: cfg('el-input', { tagIcon: 'textarea' }), type: 'textarea' },
  { __config__: cfg('el-input', { tagIcon: 'password' }), 'show-password': true },
  { __config__: cfg('el-input-number') },
  { __config__: cfg('tinymce') },
  { __config__: cfg('el-select') },
  { __config__: cfg('el-cascader') },
  { __config__: cfg('el-radio-group') },
  { __config__: cfg('el-checkbox-group') },
  { __config__: cfg('el-switch') },
  { __config__: cfg('el-slider') },
  { __config__: cfg('el-time-picker', { tagIcon: 'time' }) },
  { __config__: cfg('el-time-picker', { tagIcon: 'time-range' }), 'is-range': true },
  { __config__: cfg('el-date-picker', { tagIcon: 'date' }), type: 'date' },
  { __config__: cfg('el-date-picker', { tagIcon: 'date-range' }), type: 'daterange' },
  { __config__: cfg('el-rate') },
  { __config__: cfg('el-color-picker') },
  { __config__: cfg('el-upload') },
  { __config__: cfg(undefined, { layout: 'rowFormItem', tagIcon: 'row', children: [] }) },
  { __config__: cfg('el-button', { tagIcon: 'button' }) },
  { __config__: cfg('el-table', { tagIcon: 'table' }) },
];

const contextOf = (item: Record<string, unknown>): KindV1Context => {
  const config = item.__config__ as Record<string, unknown>;
  return {
    item,
    config,
    cpath: 'fields[0].__config__',
    path: 'fields[0]',
    slot: {},
    tag: config.tag as string | undefined,
    icon: String(config.tagIcon ?? ''),
    id: undefined,
    label: '甲',
    form: {},
    p: undefined as never,
    out: {},
    rules: {},
    field: () => undefined,
  };
};

describe('version 1 matching', () => {
  it('matches each form-generator component by one kind only, so the list’s order does not matter', () => {
    for (const item of V1_COMPONENTS) {
      const c = contextOf(item);
      const matched = descriptors.filter(([, d]) => d.v1.matches(c)).map(([kind]) => kind);
      expect(matched, JSON.stringify(item.__config__)).toHaveLength(1);
    }
  });

  it('migrates every component to the kind that matched it', () => {
    const fields = V1_COMPONENTS.map((item, i) => ({ ...item, __vModel__: `f${i}`, __config__: { ...(item.__config__ as object), formId: 100 + i } }));
    const schema = migrateFormSchema({ fields });
    const matched = V1_COMPONENTS.map((item) => descriptors.find(([, d]) => d.v1.matches(contextOf(item)))![0]);
    expect(schema.fields.map((f) => f.kind)).toEqual(matched);
  });
});
