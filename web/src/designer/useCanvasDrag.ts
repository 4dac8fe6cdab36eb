import { useMemo, useRef, useState, type Dispatch } from 'react';
import type { DragEndEvent, DragMoveEvent, DragStartEvent, KeyboardCoordinateGetter } from '@dnd-kit/core';
import { getEventCoordinates } from '@dnd-kit/utilities';
import { useTranslation } from 'react-i18next';
import { formTextIn, type FormFieldKind } from '@qb/contracts';
import { createPlacementStore } from './Canvas.tsx';
import {
  anchorOf,
  dragSource,
  dropAction,
  isNoOp,
  keyboardStep,
  measureLayout,
  placementAt,
  type DragSource,
  type Layout,
  type Placement,
} from './dropPlacement.ts';
import { findNode, type DesignerAction, type DesignerNode } from './store.ts';
import { kindName } from './palette.ts';

const STEPS: Record<string, 1 | -1> = { ArrowDown: 1, ArrowRight: 1, ArrowUp: -1, ArrowLeft: -1 };

/** What a drag measured when it started (viewport coordinates at that moment). */
interface DragSession {
  layout: Layout;
  source: DragSource | null;
  /** the canvas's rect, and the scroll area around it: the part of the canvas one can drop on */
  origin: DOMRect;
  scroller: HTMLElement | null;
  view: DOMRect | null;
  scroll0: { x: number; y: number };
  /** the place of a keyboard drag (set by the arrow keys, not by coordinates) */
  keyboard: Placement | null;
}

/**
 * The drags of the designer (palette → canvas, canvas → canvas; mouse, touch, keyboard): the canvas is measured once
 * when a drag starts, each move finds its place in those numbers (dropPlacement.ts) and only the drop line redraws;
 * the drop is one reducer action. Keyboard drags step through the places with the arrow keys and say where they are.
 */
export function useCanvasDrag(items: DesignerNode[], dispatch: Dispatch<DesignerAction>) {
  const { t, i18n } = useTranslation();
  const canvasRef = useRef<HTMLDivElement>(null);
  const placement = useMemo(createPlacementStore, []);
  const live = useRef<HTMLSpanElement>(null);
  const session = useRef<DragSession | null>(null);
  const itemsRef = useRef(items);
  itemsRef.current = items;
  const [dragged, setDragged] = useState<{ kind: FormFieldKind; label: string } | null>(null);

  const nameOf = (source: DragSource | null): { kind: FormFieldKind; label: string } | null => {
    if (source?.type === 'palette') return { kind: source.kind, label: kindName(source.kind, i18n.language) };
    const node = source && findNode(itemsRef.current, source.id);
    return node ? { kind: node.field.kind, label: formTextIn(node.field.label, i18n.language) || node.field.name } : null;
  };
  /** The place as words for a screen reader: "position 3 of 5 in row201" */
  const say = (p: Placement | null) => {
    if (!live.current) return;
    const c = p && session.current?.layout.containers.find((k) => k.id === p.parentId);
    live.current.textContent =
      !p || !c
        ? t('designer.dnd.outside')
        : t('designer.dnd.position', {
            position: p.index + 1,
            total: c.items.length + 1,
            container: c.id === null ? t('designer.canvasLabel') : (findNode(itemsRef.current, c.id)?.field.name ?? ''),
          });
  };
  const end = () => {
    session.current = null;
    placement.set(null);
    setDragged(null);
  };

  const onDragStart = (e: DragStartEvent) => {
    const source = dragSource(e.active.id);
    const canvas = canvasRef.current;
    const scroller = canvas?.parentElement ?? null;
    session.current = canvas
      ? {
          layout: measureLayout(canvas),
          source,
          origin: canvas.getBoundingClientRect(),
          scroller,
          view: scroller?.getBoundingClientRect() ?? null,
          scroll0: { x: scroller?.scrollLeft ?? 0, y: scroller?.scrollTop ?? 0 },
          keyboard: null,
        }
      : null;
    setDragged(nameOf(source));
  };

  const onDragMove = (e: DragMoveEvent) => {
    const s = session.current;
    if (!s || s.keyboard || e.activatorEvent instanceof KeyboardEvent) return; // keyboard drags set their place in the getter
    const start = getEventCoordinates(e.activatorEvent);
    if (!start) return;
    // dnd-kit's delta is the pointer's move plus the scrolling since the start (auto-scroll): in the canvas's own
    // coordinates, as measured at the start, that is where the pointer is now
    const x = start.x + e.delta.x - s.origin.left;
    const y = start.y + e.delta.y - s.origin.top;
    // the visible part of the canvas moved by the scroll area's own scrolling (two reads a move, no rects)
    const v = s.view;
    if (v && s.scroller) {
      const dx = s.scroller.scrollLeft - s.scroll0.x;
      const dy = s.scroller.scrollTop - s.scroll0.y;
      const left = v.left - s.origin.left + dx;
      const top = v.top - s.origin.top + dy;
      if (x < left || x > left + v.width || y < top || y > top + v.height) return placement.set(null);
    }
    const p = placementAt(s.layout, x, y, s.source);
    placement.set(p && !isNoOp(s.layout, p, s.source) ? p : null);
  };

  const onDragEnd = (e: DragEndEvent) => {
    const s = session.current;
    const p = s?.keyboard ?? placement.get();
    const action = s && p && !isNoOp(s.layout, p, s.source) ? dropAction(dragSource(e.active.id), p) : null;
    end();
    if (action) dispatch(action);
  };

  const keyboardCoordinates: KeyboardCoordinateGetter = (event, { currentCoordinates, context }) => {
    const step = STEPS[event.code];
    const s = session.current;
    const canvas = canvasRef.current;
    if (!step || !s || !canvas) return undefined;
    event.preventDefault();
    const next = keyboardStep(s.layout, s.keyboard, s.source, step);
    if (!next) return undefined;
    s.keyboard = next;
    placement.set(isNoOp(s.layout, next, s.source) ? null : next);
    say(next);
    // the overlay follows: its centre on the place's anchor
    const anchor = anchorOf(s.layout, next);
    const origin = canvas.getBoundingClientRect();
    const rect = context.collisionRect;
    if (!rect) return currentCoordinates;
    return { x: origin.left + anchor.x - rect.width / 2, y: origin.top + anchor.y - rect.height / 2 };
  };

  const accessibility = {
    screenReaderInstructions: { draggable: t('designer.dnd.instructions') },
    announcements: {
      onDragStart: ({ active }: { active: { id: string | number } }) => t('designer.dnd.pickedUp', { name: nameOf(dragSource(active.id))?.label ?? '' }),
      onDragOver: () => undefined,
      onDragEnd: ({ active }: { active: { id: string | number } }) => t('designer.dnd.dropped', { name: nameOf(dragSource(active.id))?.label ?? '' }),
      onDragCancel: ({ active }: { active: { id: string | number } }) => t('designer.dnd.cancelled', { name: nameOf(dragSource(active.id))?.label ?? '' }),
    },
  };

  return { canvasRef, placement, live, dragged, keyboardCoordinates, accessibility, onDragStart, onDragMove, onDragEnd, onDragCancel: end };
}
