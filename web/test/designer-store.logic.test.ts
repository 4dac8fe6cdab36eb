import { describe, expect, it } from 'vitest';
import { FORM_FIELD_KINDS, parseFormSchema, type FormField } from '@qb/contracts';
import { designerReducer, initialDesignerState, toSchema, findNode, type DesignerAction, type DesignerState } from '../src/designer/store.ts';
import { PALETTE_GROUPS } from '../src/designer/palette.ts';

const run = (actions: DesignerAction[], state: DesignerState = initialDesignerState()) => actions.reduce(designerReducer, state);
const field = (s: DesignerState, id: number) => findNode(s.items, id)!.field as FormField & Record<string, unknown>;

describe('designer store (SPEC.md §4 Designer)', () => {
  it('offers every schema kind once in three groups, and every new item passes the schema check', () => {
    const kinds = PALETTE_GROUPS.flatMap((g) => [...g.kinds]);
    expect(PALETTE_GROUPS.map((g) => g.kinds.length > 0)).toEqual([true, true, true]);
    expect([...kinds].sort()).toEqual([...FORM_FIELD_KINDS].sort());
    const s = run(kinds.map((kind) => ({ type: 'add', kind })));
    const parsed = parseFormSchema(toSchema(s));
    expect(parsed.ok ? [] : parsed.problems).toEqual([]);
  });

  it('adds with incrementing ids and render keys from 100, field{n} / row{n}, and activates the new item', () => {
    const s = run([
      { type: 'add', kind: 'text' },
      { type: 'add', kind: 'row' },
      { type: 'add', kind: 'select', parentId: 102 },
    ]);
    expect(s.items.map((n) => [n.id, n.renderKey, n.field.name])).toEqual([
      [101, 101, 'field101'],
      [102, 102, 'row102'],
    ]);
    expect(s.items[1].children!.map((n) => n.field.name)).toEqual(['field103']);
    expect(s.activeId).toBe(103);
    expect(s.idGlobal).toBe(103);
    const schema = toSchema(s);
    expect(schema.fields[1]).toMatchObject({ kind: 'row', children: [{ kind: 'select', name: 'field103' }] });
  });

  it('inserts at an index, selects, moves (also into and out of rows, never into itself) and moves by one', () => {
    let s = run([
      { type: 'add', kind: 'text' },
      { type: 'add', kind: 'number' },
      { type: 'add', kind: 'text', index: 0 },
    ]);
    expect(s.items.map((n) => n.id)).toEqual([103, 101, 102]);
    s = run([{ type: 'select', id: 101 }], s);
    expect(s.activeId).toBe(101);
    s = run([{ type: 'move', id: 103, parentId: null, index: 3 }], s);
    expect(s.items.map((n) => n.id)).toEqual([101, 102, 103]);
    s = run([{ type: 'moveBy', id: 103, delta: -1 }], s);
    expect(s.items.map((n) => n.id)).toEqual([101, 103, 102]);
    s = run([{ type: 'moveBy', id: 101, delta: -1 }], s);
    expect(s.items.map((n) => n.id)).toEqual([101, 103, 102]);
    s = run(
      [
        { type: 'add', kind: 'row' },
        { type: 'move', id: 101, parentId: 104, index: 0 },
      ],
      s,
    );
    expect(s.items.map((n) => n.id)).toEqual([103, 102, 104]);
    expect(s.items[2].children!.map((n) => n.id)).toEqual([101]);
    const same = run([{ type: 'move', id: 104, parentId: 104, index: 0 }], s);
    expect(same).toBe(s);
    s = run([{ type: 'move', id: 101, parentId: null, index: 0 }], s);
    expect(s.items.map((n) => n.id)).toEqual([101, 103, 102, 104]);
  });

  it('copies with a new id and name (a row with its children), right after the original, and activates the copy', () => {
    let s = run([
      { type: 'add', kind: 'text' },
      { type: 'update', id: 101, patch: { label: { zh: '手机号' } } },
      { type: 'copy', id: 101 },
    ]);
    expect(s.items.map((n) => [n.id, n.field.name, n.field.label.zh])).toEqual([
      [101, 'field101', '手机号'],
      [102, 'field102', '手机号'],
    ]);
    expect(s.activeId).toBe(102);
    s = run(
      [
        { type: 'add', kind: 'row' },
        { type: 'add', kind: 'rate', parentId: 103 },
        { type: 'copy', id: 103 },
      ],
      s,
    );
    expect(s.items.map((n) => n.field.name)).toEqual(['field101', 'field102', 'row103', 'row105']);
    expect(s.items[3].children!.map((n) => n.field.name)).toEqual(['field106']);
    expect(parseFormSchema(toSchema(s)).ok).toBe(true);
  });

  it('deletes and activates the last remaining item (none when empty)', () => {
    let s = run([
      { type: 'add', kind: 'text' },
      { type: 'add', kind: 'number' },
      { type: 'add', kind: 'rate' },
      { type: 'select', id: 101 },
    ]);
    s = run([{ type: 'remove', id: 101 }], s);
    expect(s.items.map((n) => n.id)).toEqual([102, 103]);
    expect(s.activeId).toBe(103);
    s = run(
      [
        { type: 'remove', id: 103 },
        { type: 'remove', id: 102 },
      ],
      s,
    );
    expect(s.activeId).toBeNull();
  });

  it('changes the type keeping field name, id, span, label, required and compatible values', () => {
    let s = run([
      { type: 'add', kind: 'text' },
      { type: 'update', id: 101, patch: { span: 12, label: { zh: '备注' }, defaultValue: 'x', rules: { required: false, maxLength: 5 } } },
      { type: 'changeKind', id: 101, kind: 'textarea' },
    ]);
    expect(field(s, 101)).toMatchObject({
      kind: 'textarea',
      name: 'field101',
      span: 12,
      label: { zh: '备注' },
      defaultValue: 'x',
      rules: { required: false, maxLength: 5 },
    });
    expect(s.items[0].renderKey).toBeGreaterThan(101);
    s = run([{ type: 'changeKind', id: 101, kind: 'number' }], s);
    expect(field(s, 101)).toMatchObject({ kind: 'number', name: 'field101', span: 12 });
    expect(field(s, 101).defaultValue).toBeUndefined();
    expect(field(s, 101).rules).toEqual({ required: false });
    s = run(
      [
        { type: 'add', kind: 'select' },
        { type: 'update', id: 102, patch: { options: [{ label: { zh: 'A' }, value: 'a' }] } },
        { type: 'changeKind', id: 102, kind: 'radio' },
      ],
      s,
    );
    expect(field(s, 102)).toMatchObject({ kind: 'radio', options: [{ label: { zh: 'A' }, value: 'a' }] });
    expect(parseFormSchema(toSchema(s)).ok).toBe(true);
  });

  it('clears and resets the counter to 100', () => {
    const s = run([{ type: 'add', kind: 'text' }, { type: 'add', kind: 'text' }, { type: 'clear' }, { type: 'add', kind: 'text' }]);
    expect(s.items.map((n) => n.field.name)).toEqual(['field101']);
  });

  it('rate: show text and show score exclude each other', () => {
    let s = run([
      { type: 'add', kind: 'rate' },
      { type: 'update', id: 101, patch: { showText: true } },
    ]);
    expect(field(s, 101)).toMatchObject({ showText: true, showScore: false });
    s = run([{ type: 'update', id: 101, patch: { showScore: true } }], s);
    expect(field(s, 101)).toMatchObject({ showText: false, showScore: true });
  });

  it('multiple resets the default to [] or empty text; range to [min, max] or min', () => {
    let s = run([
      { type: 'add', kind: 'select' },
      { type: 'update', id: 101, patch: { defaultValue: 1 } },
      { type: 'update', id: 101, patch: { multiple: true } },
    ]);
    expect(field(s, 101).defaultValue).toEqual([]);
    s = run([{ type: 'update', id: 101, patch: { multiple: false } }], s);
    expect(field(s, 101).defaultValue).toBe('');
    s = run(
      [
        { type: 'add', kind: 'slider' },
        { type: 'update', id: 102, patch: { rules: { min: 10, max: 50 } } },
        { type: 'update', id: 102, patch: { range: true } },
      ],
      s,
    );
    expect(field(s, 102).defaultValue).toEqual([10, 50]);
    s = run([{ type: 'update', id: 102, patch: { range: false } }], s);
    expect(field(s, 102).defaultValue).toBe(10);
    expect(parseFormSchema(toSchema(s)).ok).toBe(true);
  });

  it('a date type change resets the default and sets the format (week uses the date format)', () => {
    let s = run([
      { type: 'add', kind: 'date' },
      { type: 'update', id: 101, patch: { defaultValue: '2024-01-02' } },
      { type: 'update', id: 101, patch: { type: 'month' } },
    ]);
    expect(field(s, 101)).toMatchObject({ type: 'month', format: 'YYYY-MM' });
    expect(field(s, 101).defaultValue).toBeUndefined();
    s = run([{ type: 'update', id: 101, patch: { type: 'week' } }], s);
    expect(field(s, 101).format).toBe('YYYY-MM-DD');
    s = run([{ type: 'update', id: 101, patch: { type: 'datetime' } }], s);
    expect(field(s, 101).format).toBe('YYYY-MM-DD HH:mm:ss');
  });

  it('a colour format change resets the default and turns alpha on for an -a format', () => {
    let s = run([
      { type: 'add', kind: 'color' },
      { type: 'update', id: 101, patch: { defaultValue: '#ff0000' } },
      { type: 'update', id: 101, patch: { colorFormat: 'rgba' } },
    ]);
    expect(field(s, 101)).toMatchObject({ format: 'rgb', alpha: true });
    expect(field(s, 101).defaultValue).toBeUndefined();
    expect('colorFormat' in field(s, 101)).toBe(false);
    s = run([{ type: 'update', id: 101, patch: { colorFormat: 'hex' } }], s);
    expect(field(s, 101)).toMatchObject({ format: 'hex', alpha: false });
  });

  it('undoes and redoes; typing in one property is one step; a new change drops the redo list', () => {
    let s = run([
      { type: 'add', kind: 'text' },
      { type: 'update', id: 101, patch: { label: { zh: '手' } }, tag: 'label' },
      { type: 'update', id: 101, patch: { label: { zh: '手机' } }, tag: 'label' },
      { type: 'update', id: 101, patch: { label: { zh: '手机号' } }, tag: 'label' },
    ]);
    expect(s.past).toHaveLength(2);
    s = run([{ type: 'undo' }], s);
    expect(field(s, 101).label.zh).toBe('单行文本');
    s = run([{ type: 'undo' }], s);
    expect(s.items).toEqual([]);
    expect(s.idGlobal).toBe(100);
    s = run([{ type: 'redo' }, { type: 'redo' }], s);
    expect(field(s, 101).label.zh).toBe('手机号');
    s = run([{ type: 'undo' }, { type: 'add', kind: 'rate' }], s);
    expect(s.future).toEqual([]);
    expect(run([{ type: 'redo' }], s)).toBe(s);
  });

  it('loads a schema with fresh ids after the counter', () => {
    const s = run([
      {
        type: 'load',
        schema: {
          version: 2,
          labelWidth: 80,
          fields: [{ kind: 'row', name: 'r', label: { zh: '' }, children: [{ kind: 'text', name: 'a', label: { zh: 'A' } }] }],
        },
        idGlobal: 120,
      },
    ]);
    expect(s.items.map((n) => n.id)).toEqual([121]);
    expect(s.items[0].children!.map((n) => [n.id, n.field.name])).toEqual([[122, 'a']]);
    expect(s.idGlobal).toBe(122);
    expect(s.form.labelWidth).toBe(80);
    expect(toSchema(s).fields[0]).toMatchObject({ kind: 'row', children: [{ name: 'a' }] });
  });
});
