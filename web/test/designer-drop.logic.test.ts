import { describe, expect, it } from 'vitest';
import { anchorOf, dragSource, dropAction, isNoOp, keyboardStep, placementAt, type Layout } from '../src/designer/dropPlacement.ts';
import { designerReducer, initialDesignerState } from '../src/designer/store.ts';

// Where a drop lands (dropPlacement.ts), on a measured canvas written out by hand:
//   101  full width                       (0..800 × 8..48)
//   102  left half     | 103 row, right half (row area 416..792 × 76..196)
//                      |   104 inside the row
const layout: Layout = {
  containers: [
    {
      id: null,
      path: [],
      box: { left: 0, top: 0, width: 800, height: 1000 },
      items: [
        { id: 101, box: { left: 8, top: 8, width: 784, height: 40 } },
        { id: 102, box: { left: 8, top: 56, width: 392, height: 40 } },
        { id: 103, box: { left: 408, top: 56, width: 392, height: 150 } },
      ],
    },
    { id: 103, path: [103], box: { left: 416, top: 76, width: 376, height: 120 }, items: [{ id: 104, box: { left: 424, top: 84, width: 360, height: 40 } }] },
  ],
};
const palette = dragSource('palette:select');
const state = [
  { type: 'add', kind: 'text' },
  { type: 'add', kind: 'number' },
  { type: 'add', kind: 'row' },
  { type: 'add', kind: 'rate', parentId: 103 },
].reduce((st, a) => designerReducer(st, a as never), initialDesignerState());

describe('drop placement', () => {
  it('splits a full-width item top / bottom and an item beside others left / right', () => {
    expect(placementAt(layout, 400, 20, palette)).toMatchObject({ parentId: null, index: 0 });
    expect(placementAt(layout, 400, 40, palette)).toMatchObject({ parentId: null, index: 1 });
    expect(placementAt(layout, 100, 70, palette)).toMatchObject({ parentId: null, index: 1 });
    expect(placementAt(layout, 300, 70, palette)).toMatchObject({ parentId: null, index: 2 });
    // between the lines, and below everything
    expect(placementAt(layout, 600, 52, palette)).toMatchObject({ parentId: null, index: 1 });
    expect(placementAt(layout, 400, 900, palette)).toMatchObject({ parentId: null, index: 3 });
  });

  it('takes the innermost container under the pointer, never the dragged row or a row inside it', () => {
    expect(placementAt(layout, 600, 90, palette)).toMatchObject({ parentId: 103, index: 0 });
    expect(placementAt(layout, 600, 180, palette)).toMatchObject({ parentId: 103, index: 1 });
    // the row's frame outside its drop area is the canvas's item 103
    expect(placementAt(layout, 600, 62, palette)).toMatchObject({ parentId: null, index: 2 });
    expect(placementAt(layout, 700, 180, dragSource('node:103'))).toMatchObject({ parentId: null, index: 3 });
    expect(placementAt(layout, 600, 180, dragSource('node:101'))).toMatchObject({ parentId: 103, index: 1 });
  });

  it('has no place off the canvas and draws its line at the place', () => {
    expect(placementAt(layout, -5, 20, palette)).toBeNull();
    expect(placementAt(layout, 400, 1001, palette)).toBeNull();
    expect(placementAt(layout, 400, 20, palette)!.line).toEqual({ left: 8, top: 6, width: 784, height: 2 });
    // beside: a vertical line at the item's left edge; after the last: at its right edge
    expect(placementAt(layout, 600, 60, palette)!.line).toMatchObject({ left: 406, top: 56, width: 2, height: 150 });
    expect(placementAt(layout, 700, 60, palette)!.line).toMatchObject({ left: 800, top: 56, width: 2, height: 150 });
    const empty: Layout = { containers: [{ id: null, path: [], box: { left: 0, top: 0, width: 800, height: 600 }, items: [] }] };
    expect(placementAt(empty, 100, 100, palette)).toMatchObject({ parentId: null, index: 0, line: { left: 8, top: 8, width: 784 } });
  });

  it('knows the places that leave a dragged item where it is', () => {
    const p = (index: number) => ({ parentId: null, index, line: { left: 0, top: 0, width: 0, height: 0 } });
    expect(isNoOp(layout, p(1), dragSource('node:102'))).toBe(true);
    expect(isNoOp(layout, p(2), dragSource('node:102'))).toBe(true);
    expect(isNoOp(layout, p(0), dragSource('node:102'))).toBe(false);
    expect(isNoOp(layout, p(1), palette)).toBe(false);
  });

  it('turns a place into the reducer action: palette items added there, canvas items moved there', () => {
    expect(dropAction(palette, placementAt(layout, 100, 70, palette))).toEqual({ type: 'add', kind: 'select', parentId: null, index: 1 });
    expect(dropAction(palette, placementAt(layout, 600, 90, palette))).toEqual({ type: 'add', kind: 'select', parentId: 103, index: 0 });
    expect(dropAction(palette, null)).toBeNull();
    const down = designerReducer(state, dropAction(dragSource('node:101'), placementAt(layout, 300, 70, null))!);
    expect(down.items.map((n) => n.id)).toEqual([102, 101, 103]);
    const up = designerReducer(state, dropAction(dragSource('node:103'), placementAt(layout, 400, 20, null))!);
    expect(up.items.map((n) => n.id)).toEqual([103, 101, 102]);
    const into = designerReducer(state, dropAction(dragSource('node:101'), placementAt(layout, 600, 180, null))!);
    expect(into.items[1]!.children!.map((n) => n.id)).toEqual([104, 101]);
  });

  it('steps a keyboard drag through the places of its container, the places where it is counted once', () => {
    const node = dragSource('node:101');
    const one = keyboardStep(layout, null, node, 1)!;
    expect(one).toMatchObject({ parentId: null, index: 2 }); // 0 and 1 both leave it first
    expect(keyboardStep(layout, one, node, 1)).toMatchObject({ index: 3 });
    expect(keyboardStep(layout, keyboardStep(layout, one, node, 1), node, 1)).toMatchObject({ index: 3 });
    expect(keyboardStep(layout, one, node, -1)).toMatchObject({ index: 0 });
    // a palette item's first step is the canvas's end
    expect(keyboardStep(layout, null, palette, 1)).toMatchObject({ parentId: null, index: 3 });
    // an item in a row steps within the row
    expect(keyboardStep(layout, null, dragSource('node:104'), 1)).toMatchObject({ parentId: 103, index: 1 });
  });

  it('anchors each place where the pointer rule finds it again', () => {
    for (const c of layout.containers) {
      for (let index = 0; index <= c.items.length; index++) {
        const p = { parentId: c.id, index, line: { left: 0, top: 0, width: 0, height: 0 } };
        const a = anchorOf(layout, p);
        expect(placementAt(layout, a.x, a.y, palette), `${c.id}:${index}`).toMatchObject({ parentId: c.id, index });
      }
    }
  });
});
