import type { FormFieldKind } from '@qb/contracts';
import type { DesignerAction } from './store.ts';

/**
 * Where a drag would drop, worked out from one measurement of the canvas taken when the drag starts (docs/designer.md,
 * "Smoothness"): the items do not move while a drag runs, so their boxes stay valid, and a pointer move costs one
 * walk over plain numbers instead of a re-render and a rect read per item. A line (DropIndicator) shows the place.
 */
export interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

export interface LayoutItem {
  id: number;
  box: Box;
}

/** The canvas (id null) or a row container, with its items in order. */
export interface LayoutContainer {
  id: number | null;
  box: Box;
  items: LayoutItem[];
  /** the ids of this container's row and every row around it (a row cannot be dropped into itself) */
  path: number[];
}

export interface Layout {
  /** outermost first */
  containers: LayoutContainer[];
}

/** A drop place: before `index` in the container `parentId`, and the line that shows it (canvas coordinates). */
export interface Placement {
  parentId: number | null;
  index: number;
  line: Box;
}

/** What is being dragged: a palette entry (a new component) or an item of the canvas. */
export type DragSource = { type: 'palette'; kind: FormFieldKind } | { type: 'node'; id: number };

export function dragSource(dndId: string | number): DragSource | null {
  const [type, rest] = String(dndId).split(':');
  if (type === 'palette' && rest) return { type, kind: rest as FormFieldKind };
  if (type === 'node' && rest) return { type, id: Number(rest) };
  return null;
}

const inside = (b: Box, x: number, y: number) => x >= b.left && x <= b.left + b.width && y >= b.top && y <= b.top + b.height;
/** An item filling (almost) its container's width is split top/bottom; one beside others left/right. */
const fullWidth = (item: Box, container: Box) => item.width >= container.width * 0.75;

function isBefore(x: number, y: number, b: Box, container: Box): boolean {
  if (y < b.top) return true;
  if (y > b.top + b.height) return false;
  return fullWidth(b, container) ? y < b.top + b.height / 2 : x < b.left + b.width / 2;
}

const LINE = 2;

/** The line drawn for a drop before `index` of `c` (after its last item when index is its length). */
function lineOf(c: LayoutContainer, index: number): Box {
  const next = c.items[index];
  const prev = c.items[index - 1];
  if (!next && !prev) return { left: c.box.left + 8, top: c.box.top + 8, width: Math.max(0, c.box.width - 16), height: LINE };
  const at = next ?? prev!;
  const before = Boolean(next);
  if (fullWidth(at.box, c.box)) {
    return { left: at.box.left, top: before ? at.box.top - LINE : at.box.top + at.box.height, width: at.box.width, height: LINE };
  }
  return { left: before ? at.box.left - LINE : at.box.left + at.box.width, top: at.box.top, width: LINE, height: at.box.height };
}

/**
 * The drop place under (x, y), in canvas coordinates: the innermost container holding the point (never the dragged
 * row itself or a row inside it), before the first of its items the point comes before in reading order.
 */
export function placementAt(layout: Layout, x: number, y: number, source: DragSource | null): Placement | null {
  const dragged = source?.type === 'node' ? source.id : null;
  let container: LayoutContainer | undefined;
  for (const c of layout.containers) {
    if (dragged !== null && c.path.includes(dragged)) continue;
    if (inside(c.box, x, y) && (!container || c.path.length >= container.path.length)) container = c;
  }
  if (!container) return null;
  let index = container.items.findIndex((item) => isBefore(x, y, item.box, container.box));
  if (index < 0) index = container.items.length;
  return { parentId: container.id, index, line: lineOf(container, index) };
}

/** Whether dropping the dragged item at `p` leaves it where it is. */
export function isNoOp(layout: Layout, p: Placement, source: DragSource | null): boolean {
  if (source?.type !== 'node') return false;
  const c = layout.containers.find((k) => k.id === p.parentId);
  const at = c?.items.findIndex((i) => i.id === source.id) ?? -1;
  return at >= 0 && (p.index === at || p.index === at + 1);
}

/**
 * The next place for a keyboard drag (arrow keys): one step through the slots of the container it is in, the
 * slots that leave the item where it is counted as one. From the palette the first step goes to the canvas's end.
 */
export function keyboardStep(layout: Layout, current: Placement | null, source: DragSource | null, step: 1 | -1): Placement | null {
  const top = layout.containers[0];
  if (!top) return null;
  let c = current ? (layout.containers.find((k) => k.id === current.parentId) ?? top) : undefined;
  let index: number;
  if (!c) {
    const home = source?.type === 'node' ? layout.containers.find((k) => k.items.some((i) => i.id === source.id)) : undefined;
    if (!home || source?.type !== 'node') return { parentId: top.id, index: top.items.length, line: lineOf(top, top.items.length) };
    c = home;
    index = home.items.findIndex((i) => i.id === source.id);
  } else index = current!.index;
  const at = source?.type === 'node' ? c.items.findIndex((i) => i.id === source.id) : -1;
  let next = index + step;
  if (at >= 0 && step > 0 && next === at + 1) next = at + 2; // at and at + 1 are both "where it is"
  if (at >= 0 && step < 0 && next === at + 1) next = at;
  next = Math.max(0, Math.min(c.items.length, next));
  return { parentId: c.id, index: next, line: lineOf(c, next) };
}

/** The point a keyboard drag's rect centre is moved to so that placementAt finds `p` again. */
export function anchorOf(layout: Layout, p: Placement): { x: number; y: number } {
  const c = layout.containers.find((k) => k.id === p.parentId)!;
  const next = c.items[p.index];
  if (next) return { x: next.box.left + 1, y: next.box.top + 1 };
  const prev = c.items[p.index - 1];
  if (prev) return { x: prev.box.left + prev.box.width - 1, y: prev.box.top + prev.box.height - 1 };
  return { x: c.box.left + c.box.width / 2, y: c.box.top + Math.min(c.box.height / 2, 24) };
}

/** The reducer action of a drop (null: nothing to do). */
export function dropAction(source: DragSource | null, p: Placement | null): DesignerAction | null {
  if (!source || !p) return null;
  if (source.type === 'palette') return { type: 'add', kind: source.kind, parentId: p.parentId, index: p.index };
  return { type: 'move', id: source.id, parentId: p.parentId, index: p.index };
}

/**
 * Measures the canvas once: every container and item box relative to the canvas element (which scrolls with its
 * content, so the boxes hold while the canvas scrolls). Items carry data-node-id, row areas data-row-drop.
 */
export function measureLayout(canvas: HTMLElement): Layout {
  const origin = canvas.getBoundingClientRect();
  const boxOf = (el: Element): Box => {
    const r = el.getBoundingClientRect();
    return { left: r.left - origin.left, top: r.top - origin.top, width: r.width, height: r.height };
  };
  const containers: LayoutContainer[] = [];
  const walk = (area: HTMLElement, id: number | null, path: number[]) => {
    const list = area.querySelector(':scope > .qb-designer-list');
    const items: LayoutItem[] = [];
    const c: LayoutContainer = { id, box: boxOf(area), items, path };
    containers.push(c);
    for (const node of list ? Array.from(list.querySelectorAll<HTMLElement>(':scope > * > .qb-designer-node')) : []) {
      const nodeId = Number(node.dataset.nodeId);
      items.push({ id: nodeId, box: boxOf(node) });
      const row = node.querySelector<HTMLElement>(':scope > .qb-designer-row');
      if (row) walk(row, nodeId, [...path, nodeId]);
    }
  };
  walk(canvas, null, []);
  return { containers };
}
