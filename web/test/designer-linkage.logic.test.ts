import { describe, expect, it } from 'vitest';
import { formFieldStates, parseFormSchema, type FormField } from '@qb/contracts';
import { designerReducer, findNode, initialDesignerState, toSchema, type DesignerAction, type DesignerState } from '../src/designer/store.ts';
import { linkageTargets, linkageValueInput } from '../src/designer/linkage.ts';

// The linkage actions of the designer's reducer (linkage.ts): rules stay ones the schema check accepts.

const run = (actions: DesignerAction[], state: DesignerState = initialDesignerState()) => actions.reduce(designerReducer, state);
const field = (s: DesignerState, id: number) => findNode(s.items, id)!.field as FormField;
const valid = (s: DesignerState) => {
  const parsed = parseFormSchema(toSchema(s));
  expect(parsed.ok ? [] : parsed.problems).toEqual([]);
};

/** radio field101 (options 1, 2), text field102, number field103 */
const base = () =>
  run([
    { type: 'add', kind: 'radio' },
    { type: 'add', kind: 'text' },
    { type: 'add', kind: 'number' },
  ]);

describe('designer linkage actions', () => {
  it('adds a rule on the first other value field, changes its parts, removes it; each is one undo step', () => {
    let s = run([{ type: 'addLinkage', id: 102 }], base());
    expect(field(s, 102).linkage).toEqual([{ when: { field: 'field101', op: 'filled' }, then: 'show' }]);
    valid(s);
    // equals takes the first option of the radio; another option; the effect
    s = run([{ type: 'changeLinkage', id: 102, index: 0, patch: { op: 'equals' } }], s);
    expect(field(s, 102).linkage![0]!.when).toEqual({ field: 'field101', op: 'equals', value: 1 });
    s = run(
      [
        { type: 'changeLinkage', id: 102, index: 0, patch: { value: 2 } },
        { type: 'changeLinkage', id: 102, index: 0, patch: { then: 'require' } },
      ],
      s,
    );
    expect(field(s, 102).linkage).toEqual([{ when: { field: 'field101', op: 'equals', value: 2 }, then: 'require' }]);
    valid(s);
    // equals -> in keeps the value as a list; in -> filled drops it
    s = run([{ type: 'changeLinkage', id: 102, index: 0, patch: { op: 'in' } }], s);
    expect(field(s, 102).linkage![0]!.when).toEqual({ field: 'field101', op: 'in', value: [2] });
    s = run([{ type: 'changeLinkage', id: 102, index: 0, patch: { value: [1, 2] } }], s);
    valid(s);
    s = run([{ type: 'changeLinkage', id: 102, index: 0, patch: { op: 'empty' } }], s);
    expect(field(s, 102).linkage![0]!.when).toEqual({ field: 'field101', op: 'empty' });
    // another field: an equals on a number starts at its minimum (0)
    s = run([{ type: 'changeLinkage', id: 102, index: 0, patch: { field: 'field103', op: 'equals' } }], s);
    expect(field(s, 102).linkage![0]!.when).toEqual({ field: 'field103', op: 'equals', value: 0 });
    valid(s);
    // a second rule, then remove the first: the second stays; removing the last removes the key
    s = run(
      [
        { type: 'addLinkage', id: 102 },
        { type: 'removeLinkage', id: 102, index: 0 },
      ],
      s,
    );
    expect(field(s, 102).linkage).toEqual([{ when: { field: 'field101', op: 'filled' }, then: 'show' }]);
    s = run([{ type: 'removeLinkage', id: 102, index: 0 }], s);
    expect(field(s, 102)).not.toHaveProperty('linkage');
    valid(s);

    // undo walks back through every step: remove, remove, add, field change, ...
    s = run([{ type: 'undo' }], s);
    expect(field(s, 102).linkage).toHaveLength(1);
    s = run([{ type: 'undo' }, { type: 'undo' }], s);
    expect(field(s, 102).linkage).toEqual([{ when: { field: 'field103', op: 'equals', value: 0 }, then: 'require' }]);
    s = run([{ type: 'undo' }], s);
    expect(field(s, 102).linkage![0]!.when).toEqual({ field: 'field101', op: 'empty' });
    s = run([{ type: 'redo' }, { type: 'redo' }, { type: 'redo' }, { type: 'redo' }], s);
    expect(field(s, 102)).not.toHaveProperty('linkage');
  });

  it('joins typing in one value input into one undo step', () => {
    let s = run(
      [
        { type: 'addLinkage', id: 103 },
        { type: 'changeLinkage', id: 103, index: 0, patch: { field: 'field102', op: 'equals' } },
      ],
      base(),
    );
    expect(field(s, 103).linkage![0]!.when).toEqual({ field: 'field102', op: 'equals', value: '' });
    const before = s.past.length;
    s = run(
      ['a', 'ab', 'abc'].map((value) => ({ type: 'changeLinkage', id: 103, index: 0, patch: { value }, tag: 'value' }) as DesignerAction),
      s,
    );
    expect(s.past.length).toBe(before + 1);
    expect(field(s, 103).linkage![0]!.when.value).toBe('abc');
    s = run([{ type: 'undo' }], s);
    expect(field(s, 103).linkage![0]!.when.value).toBe('');
  });

  it('refuses what the schema would refuse: itself or an unknown field, an empty in, a wrong value, require on a layout item, no other field', () => {
    const s = run([{ type: 'addLinkage', id: 102 }], base());
    for (const patch of [
      { field: 'field102' },
      { field: 'nope' },
      { op: 'in' as const, value: [] },
      { op: 'equals' as const, value: { a: 1 } as never },
      { op: 'nope' as never },
      { then: 'explode' as never },
    ])
      expect(run([{ type: 'changeLinkage', id: 102, index: 0, patch }], s)).toBe(s);
    expect(run([{ type: 'changeLinkage', id: 102, index: 5, patch: { op: 'empty' } }], s)).toBe(s);
    expect(run([{ type: 'removeLinkage', id: 102, index: 3 }], s)).toBe(s);
    // a row: show, hide, disable, not require; and never a field inside it
    let r = run(
      [
        { type: 'add', kind: 'row' },
        { type: 'add', kind: 'switch', parentId: 104 },
        { type: 'addLinkage', id: 104 },
      ],
      s,
    );
    expect(linkageTargets(r.items, 104).map((f) => f.name)).toEqual(['field101', 'field102', 'field103']);
    expect(run([{ type: 'changeLinkage', id: 104, index: 0, patch: { then: 'require' } }], r)).toBe(r);
    r = run([{ type: 'changeLinkage', id: 104, index: 0, patch: { then: 'disable' } }], r);
    expect(field(r, 104).linkage![0]!.then).toBe('disable');
    expect(run([{ type: 'changeLinkage', id: 104, index: 0, patch: { field: 'field105' } }], r)).toBe(r);
    valid(r);
    // alone on the canvas: nothing to name
    const alone = run([{ type: 'add', kind: 'text' }]);
    expect(run([{ type: 'addLinkage', id: 101 }], alone)).toBe(alone);
  });

  it('a renamed field: the rules naming it follow (also undone); a deleted field: the rules naming it go (undo brings both back)', () => {
    let s = run(
      [
        { type: 'addLinkage', id: 102 },
        { type: 'changeLinkage', id: 102, index: 0, patch: { op: 'equals', value: 2 } },
        { type: 'addLinkage', id: 103 },
        { type: 'changeLinkage', id: 103, index: 0, patch: { field: 'field102' } },
        { type: 'addLinkage', id: 103 },
      ],
      base(),
    );
    s = run([{ type: 'update', id: 101, patch: { name: 'kind' }, tag: 'name' }], s);
    expect(field(s, 102).linkage![0]!.when).toEqual({ field: 'kind', op: 'equals', value: 2 });
    expect(field(s, 103).linkage!.map((l) => l.when.field)).toEqual(['field102', 'kind']);
    valid(s);
    s = run([{ type: 'undo' }], s);
    expect(field(s, 102).linkage![0]!.when.field).toBe('field101');
    s = run([{ type: 'redo' }], s);

    // deleting the radio: the rules naming it go, the rule naming field102 stays
    s = run([{ type: 'remove', id: 101 }], s);
    expect(field(s, 102)).not.toHaveProperty('linkage');
    expect(field(s, 103).linkage).toEqual([{ when: { field: 'field102', op: 'filled' }, then: 'show' }]);
    valid(s);
    s = run([{ type: 'undo' }], s);
    expect(field(s, 102).linkage![0]!.when.field).toBe('kind');
    expect(field(s, 103).linkage).toHaveLength(2);

    // deleting a row takes the rules naming the fields inside it
    s = run(
      [
        { type: 'add', kind: 'row' },
        { type: 'move', id: 102, parentId: 104, index: 0 },
        { type: 'remove', id: 104 },
      ],
      s,
    );
    expect(field(s, 103).linkage!.map((l) => l.when.field)).toEqual(['kind']);
    valid(s);
  });

  it('the rule works: the schema shows the text field only while the radio equals 2', () => {
    const s = run(
      [
        { type: 'addLinkage', id: 102 },
        { type: 'changeLinkage', id: 102, index: 0, patch: { op: 'equals', value: 2 } },
      ],
      base(),
    );
    const schema = toSchema(s);
    expect(formFieldStates(schema, { field101: 1 }).field102!.visible).toBe(false);
    expect(formFieldStates(schema, { field101: 2 }).field102!.visible).toBe(true);
  });

  it('types the value as the field takes it', () => {
    const s = run(
      [
        { type: 'add', kind: 'switch' },
        { type: 'add', kind: 'select' },
        { type: 'add', kind: 'rate' },
      ],
      base(),
    );
    const kinds = linkageTargets(s.items, 102).map((f) => [f.kind, linkageValueInput(f)]);
    expect(kinds).toEqual([
      ['radio', 'options'],
      ['number', 'number'],
      ['switch', 'switch'],
      ['select', 'options'],
      ['rate', 'number'],
    ]);
    expect(linkageValueInput({ ...field(s, 105), options: { from: 'url', url: '/api/x', method: 'get' } } as never)).toBe('text');
  });
});
