import { memo, useCallback, useSyncExternalStore, type Dispatch, type KeyboardEvent, type Ref } from 'react';
import { useDraggable } from '@dnd-kit/core';
import { Button, Col, Row, Tooltip } from 'antd';
import { CopyOutlined, DeleteOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { formTextIn, isFormValueField, type FormField } from '@qb/contracts';
import { FieldInput } from '../forms/FieldInput.tsx';
import { kindDesign } from '../forms/kinds/design.ts';
import type { Placement } from './dropPlacement.ts';
import type { DesignerAction, DesignerNode, FormConfig } from './store.ts';
import { kindName } from './palette.ts';

/**
 * The centre canvas: the items on the 24-column grid, each draggable (mouse, touch and keyboard), a row container a
 * drop area of its own. Nothing on the canvas re-renders while a drag runs: the items stay where they are, the
 * dragged one is drawn by the overlay, and one line (DropIndicator) shows where it would land (dropPlacement.ts).
 */
export const nodeDndId = (id: number) => `node:${id}`;

/** The drop place of the running drag, for the one component that draws it (set on pointer moves, no re-render). */
export interface PlacementStore {
  get(): Placement | null;
  set(p: Placement | null): void;
  subscribe(listener: () => void): () => void;
}

export function createPlacementStore(): PlacementStore {
  let current: Placement | null = null;
  const listeners = new Set<() => void>();
  return {
    get: () => current,
    set(p) {
      const same = p && current && p.parentId === current.parentId && p.index === current.index;
      if (same || p === current) return;
      current = p;
      listeners.forEach((l) => l());
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The line where the drop would land (the only part of the canvas a drag's moves redraw). */
function DropIndicator({ store }: { store: PlacementStore }) {
  const p = useSyncExternalStore(store.subscribe, store.get);
  if (!p) return null;
  const { left, top, width, height } = p.line;
  return <div className="qb-designer-drop-line" style={{ left, top, width, height }} data-testid="designer-drop-line" aria-hidden />;
}

interface Shared {
  form: FormConfig;
  activeId: number | null;
  dispatch: Dispatch<DesignerAction>;
}

export const Canvas = memo(function Canvas({
  items,
  form,
  activeId,
  dispatch,
  canvasRef,
  placement,
}: Shared & { items: DesignerNode[]; canvasRef: Ref<HTMLDivElement>; placement: PlacementStore }) {
  const { t } = useTranslation();
  return (
    <div
      ref={canvasRef}
      className={`qb-designer-canvas${form.labelPosition === 'top' ? ' labels-top' : ''}${form.unFocusedComponentBorder === false ? ' no-unfocused-border' : ''}`}
      role="region"
      aria-label={t('designer.canvasLabel')}
      data-testid="designer-canvas"
      data-size={form.size}
    >
      {items.length === 0 && <div className="qb-designer-empty">{t('designer.empty')}</div>}
      <NodeList items={items} form={form} activeId={activeId} dispatch={dispatch} gutter={form.gutter ?? 15} />
      <DropIndicator store={placement} />
    </div>
  );
});

/** The items of one container (measured by dropPlacement.ts: .qb-designer-list > column > .qb-designer-node). */
const NodeList = memo(function NodeList({ items, gutter, ...shared }: Shared & { items: DesignerNode[]; gutter: number }) {
  return (
    <Row gutter={gutter} className="qb-designer-list">
      {items.map((node) => (
        // activeId reaches only the item it names and rows (for their children): selecting redraws two items
        <CanvasNode
          key={node.id}
          node={node}
          {...shared}
          activeId={shared.activeId === node.id || kindDesign(node.field.kind).container ? shared.activeId : null}
        />
      ))}
    </Row>
  );
});

/** The grid column of an item: memoised on its props, free of dnd-kit hooks, so it (an antd Col) is drawn once. */
const CanvasNode = memo(function CanvasNode(props: Shared & { node: DesignerNode }) {
  return (
    <Col span={props.node.field.span ?? props.form.span ?? 24} className="qb-designer-col">
      <DraggableNode {...props} />
    </Col>
  );
});

/** The item's box: draggable; it re-renders when a drag starts and ends, not while it runs. */
function DraggableNode({ node, form, activeId, dispatch }: Shared & { node: DesignerNode }) {
  const { t, i18n } = useTranslation();
  const { setNodeRef, setActivatorNodeRef, listeners, attributes, isDragging } = useDraggable({ id: nodeDndId(node.id) });
  const active = activeId === node.id;
  const ref = useCallback(
    (el: HTMLElement | null) => {
      setNodeRef(el);
      setActivatorNodeRef(el);
    },
    [setNodeRef, setActivatorNodeRef],
  );
  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    if (e.target !== e.currentTarget) return;
    const target = e.currentTarget;
    const refocus = () => requestAnimationFrame(() => target.isConnected && target.focus());
    if (e.key === 'Delete' || e.key === 'Backspace') {
      e.preventDefault();
      dispatch({ type: 'remove', id: node.id });
      requestAnimationFrame(() => (document.querySelector('.qb-designer-node.is-active') as HTMLElement | null)?.focus());
    } else if (e.altKey && (e.key === 'ArrowUp' || e.key === 'ArrowLeft' || e.key === 'ArrowDown' || e.key === 'ArrowRight')) {
      e.preventDefault();
      dispatch({ type: 'moveBy', id: node.id, delta: e.key === 'ArrowUp' || e.key === 'ArrowLeft' ? -1 : 1 });
      refocus();
    } else if (e.key === 'Enter') {
      e.preventDefault();
      dispatch({ type: 'select', id: node.id });
    } else listeners?.onKeyDown?.(e);
  };
  const isRow = !!kindDesign(node.field.kind).container;
  return (
    <div
      ref={ref}
      {...attributes}
      {...listeners}
      onKeyDown={onKeyDown}
      aria-label={`${kindName(node.field.kind, i18n.language)} ${shownText(node.field, i18n.language)}`}
      aria-pressed={active}
      className={`qb-designer-node${active ? ' is-active' : ''}${isDragging ? ' is-dragging' : ''}${isRow ? ' is-row' : ''}`}
      data-testid={`node-${node.field.name}`}
      data-node-id={node.id}
      onClick={(e) => {
        e.stopPropagation();
        dispatch({ type: 'select', id: node.id });
      }}
    >
      {isRow ? (
        <RowBody node={node} form={form} activeId={activeId} dispatch={dispatch} />
      ) : (
        <NodeBody field={node.field} renderKey={node.renderKey} labelWidth={form.labelWidth ?? 100} top={form.labelPosition === 'top'} />
      )}
      {active && (
        <span className="qb-designer-node-tools">
          <Tooltip title={t('designer.actions.copy')}>
            <Button
              size="small"
              shape="circle"
              icon={<CopyOutlined />}
              aria-label={t('designer.actions.copy')}
              data-testid="tool-copy"
              onClick={(e) => {
                e.stopPropagation();
                dispatch({ type: 'copy', id: node.id });
              }}
            />
          </Tooltip>
          <Tooltip title={t('designer.actions.delete')}>
            <Button
              size="small"
              shape="circle"
              danger
              icon={<DeleteOutlined />}
              aria-label={t('designer.actions.delete')}
              data-testid="tool-delete"
              onClick={(e) => {
                e.stopPropagation();
                dispatch({ type: 'remove', id: node.id });
              }}
            />
          </Tooltip>
        </span>
      )}
    </div>
  );
}

function RowBody({ node, ...shared }: Shared & { node: DesignerNode }) {
  const { t } = useTranslation();
  const children = node.children ?? [];
  return (
    <div className="qb-designer-row" data-testid={`row-drop-${node.field.name}`}>
      <span className="qb-designer-row-name">{node.field.name}</span>
      {children.length === 0 && <div className="qb-designer-row-empty">{t('designer.rowEmpty')}</div>}
      <NodeList items={children} gutter={(node.field as { gutter?: number }).gutter ?? shared.form.gutter ?? 15} {...shared} />
    </div>
  );
}

/** What an item looks like on the canvas: its label and its real control (inert: the canvas only shows it). */
/**
 * The text an item shows on the canvas, in the page's language (its label, or its name when the label is hidden; a
 * button's text; a text field's counter): the item's accessible name holds what a person sees, so that one who names
 * it by what is on screen (voice control) finds it (axe: label-content-name-mismatch).
 */
function shownText(field: FormField, language: string): string {
  const parts = [field.showLabel === false ? '' : formTextIn(field.label, language)];
  parts.push(...(kindDesign(field.kind).canvasText?.(field, language) ?? []));
  return parts.filter(Boolean).join(' ') || field.name;
}

const NodeBody = memo(function NodeBody({ field, labelWidth, top }: { field: FormField; renderKey: number; labelWidth: number; top: boolean }) {
  const { i18n } = useTranslation();
  const label = field.showLabel === false ? '' : formTextIn(field.label, i18n.language);
  const required = isFormValueField(field) && field.rules?.required;
  let control;
  if (isFormValueField(field)) control = <FieldInput field={field} value={field.defaultValue} />;
  else control = kindDesign(field.kind).canvas?.(field, i18n.language);
  return (
    <div className={`qb-designer-item${top ? ' is-top' : ''}`} inert>
      <label className="qb-designer-item-label" style={top ? undefined : { width: field.labelWidth ?? labelWidth }}>
        {required && <span className="qb-designer-required">*</span>}
        {label}
        {/* a space between the label and the control's text ("Mobile 0 / 11", not "Mobile0 / 11") for what reads the item's text */}{' '}
      </label>
      <div className="qb-designer-item-control">
        <div style={isFormValueField(field) && field.width ? { maxWidth: field.width } : undefined}>{control}</div>
      </div>
    </div>
  );
});
