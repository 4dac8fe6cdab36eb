import type { UniqueIdentifier } from '@dnd-kit/core';
import type { FormFieldKind } from '@qb/contracts';
import type { DesignerAction, DesignerNode } from './store.ts';

function parse(id: UniqueIdentifier | undefined): { type: 'palette'; kind: FormFieldKind } | { type: 'node' | 'row'; id: number } | { type: 'canvas' } | null {
  if (id === undefined) return null;
  const [type, rest] = String(id).split(':');
  if (type === 'palette') return { type, kind: rest as FormFieldKind };
  if (type === 'node' || type === 'row') return { type, id: Number(rest) };
  if (type === 'canvas') return { type };
  return null;
}

function where(items: DesignerNode[], id: number, parentId: number | null = null): { parentId: number | null; index: number } | undefined {
  const index = items.findIndex((n) => n.id === id);
  if (index >= 0) return { parentId, index };
  for (const n of items) {
    const inner = n.children && where(n.children, id, n.id);
    if (inner) return inner;
  }
  return undefined;
}

/**
 * What a drop means (pure, tested): a palette item dropped on an item is inserted before it, on the canvas or
 * a row's area at the end; a canvas item moves to the place of the item it is over (sortable order), or to
 * the end of a container.
 */
export function dropTarget(items: DesignerNode[], activeId: UniqueIdentifier, overId: UniqueIdentifier | undefined): DesignerAction | null {
  const active = parse(activeId);
  const over = parse(overId);
  if (!active || !over || over.type === 'palette') return null;
  let parentId: number | null;
  let index: number;
  if (over.type === 'node') {
    const at = where(items, over.id);
    if (!at) return null;
    parentId = at.parentId;
    index = at.index;
    if (active.type === 'node') {
      if (active.id === over.id) return null;
      const from = where(items, active.id);
      if (from && from.parentId === parentId && from.index < index) index += 1; // sortable: it takes the place after
    }
  } else if (over.type === 'row' || over.type === 'canvas') {
    parentId = over.type === 'row' ? over.id : null;
    const list = parentId === null ? items : (findChildren(items, parentId) ?? []);
    index = list.length;
  } else return null;
  if (active.type === 'palette') return { type: 'add', kind: active.kind, parentId, index };
  if (active.type === 'node') return { type: 'move', id: active.id, parentId, index };
  return null;
}

function findChildren(items: DesignerNode[], id: number): DesignerNode[] | undefined {
  for (const n of items) {
    if (n.id === id) return n.children;
    const inner = n.children && findChildren(n.children, id);
    if (inner) return inner;
  }
  return undefined;
}
