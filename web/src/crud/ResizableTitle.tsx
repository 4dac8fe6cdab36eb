import { useRef, type KeyboardEvent, type PointerEvent as ReactPointerEvent, type ThHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';

export const MIN_WIDTH = 60;
export const MAX_WIDTH = 800;
/** one arrow key press: 10 px (50 px with Shift) */
export const KEY_STEP = 10;
/** how close to a header cell's right edge a press starts a resize */
const EDGE_PX = 8;

export interface ResizableTitleProps extends ThHTMLAttributes<HTMLTableCellElement> {
  width?: number;
  onResize?: (width: number) => void;
  /** the column's title, for the resize handle's name */
  resizeLabel?: string;
}

/** The width an arrow key gives a column of `width` px; undefined for other keys. */
export function widthAfterKey(key: string, shift: boolean, width: number): number | undefined {
  const step = shift ? KEY_STEP * 5 : KEY_STEP;
  const next = key === 'ArrowRight' ? width + step : key === 'ArrowLeft' ? width - step : key === 'Home' ? MIN_WIDTH : key === 'End' ? MAX_WIDTH : undefined;
  return next === undefined ? undefined : Math.round(Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, next)));
}

/**
 * A header cell whose right edge can be dragged. The press is taken on the cell itself near its edge (antd's
 * sorter layer covers the cell, so a handle element inside it would not be hit). The width follows the
 * pointer on a guide line while dragging and is reported once on release: one re-render per drag.
 */
export function ResizableTitle({ width, onResize, resizeLabel, children, style, ...rest }: ResizableTitleProps) {
  const { t } = useTranslation();
  const thRef = useRef<HTMLTableCellElement>(null);
  const guideRef = useRef<HTMLSpanElement>(null);
  if (!width || !onResize) {
    return (
      <th {...rest} style={style}>
        {children}
      </th>
    );
  }
  const nearEdge = (event: ReactPointerEvent<HTMLTableCellElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    return event.clientX >= rect.right - EDGE_PX && event.clientX <= rect.right + 2;
  };
  const start = (event: ReactPointerEvent<HTMLTableCellElement>) => {
    if (!nearEdge(event)) {
      rest.onPointerDown?.(event);
      return;
    }
    event.preventDefault();
    event.stopPropagation();
    const th = event.currentTarget;
    th.setPointerCapture(event.pointerId);
    const guide = guideRef.current;
    const startX = event.clientX;
    const startWidth = th.getBoundingClientRect().width;
    let next = startWidth;
    // the click that ends a drag must not sort the column
    const swallowClick = (e: MouseEvent) => {
      e.stopPropagation();
      th.removeEventListener('click', swallowClick, true);
    };
    const move = (e: PointerEvent) => {
      next = Math.round(Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, startWidth + e.clientX - startX)));
      if (guide) guide.style.transform = `translateX(${next - startWidth}px)`;
    };
    const up = () => {
      th.removeEventListener('pointermove', move);
      th.removeEventListener('pointerup', up);
      th.removeEventListener('pointercancel', up);
      if (guide) guide.style.transform = '';
      if (next !== startWidth) {
        th.addEventListener('click', swallowClick, true);
        setTimeout(() => th.removeEventListener('click', swallowClick, true), 0);
        onResize(next);
      }
    };
    th.addEventListener('pointermove', move);
    th.addEventListener('pointerup', up);
    th.addEventListener('pointercancel', up);
  };
  return (
    <th
      {...rest}
      ref={thRef}
      style={{ ...style, position: style?.position ?? 'relative' }}
      onPointerDown={start}
      onPointerMove={(e) => {
        e.currentTarget.style.cursor = nearEdge(e) ? 'col-resize' : '';
        rest.onPointerMove?.(e);
      }}
    >
      {children}
      {/* the drag guide, and for the keyboard a focusable splitter: arrows change the width, read out as it changes */}
      <span
        className="qb-col-resizer"
        ref={guideRef}
        role="separator"
        aria-orientation="vertical"
        aria-label={t('crud.resizeColumn', { title: resizeLabel ?? '' })}
        aria-valuenow={width}
        aria-valuemin={MIN_WIDTH}
        aria-valuemax={MAX_WIDTH}
        aria-valuetext={t('crud.columnWidth', { width })}
        tabIndex={0}
        data-testid="column-resizer"
        onKeyDown={(event: KeyboardEvent<HTMLSpanElement>) => {
          if (event.key === 'Tab') return;
          // nothing reaches the header cell: Enter and Space there sort the column
          event.stopPropagation();
          const next = widthAfterKey(event.key, event.shiftKey, width);
          if (next === undefined) return;
          event.preventDefault();
          if (next !== width) onResize(next);
        }}
        onClick={(event) => event.stopPropagation()}
      />
    </th>
  );
}
