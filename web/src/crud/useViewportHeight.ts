import { useEffect, useState } from 'react';

/** SPEC.md §9: the table is as high as the viewport minus 300 px, re-measured at most once a second on resize. */
export const TABLE_HEIGHT_OFFSET = 300;
export const RESIZE_INTERVAL_MS = 1_000;
const MIN_TABLE_HEIGHT = 240;

export function tableHeightFor(viewportHeight: number): number {
  return Math.max(MIN_TABLE_HEIGHT, viewportHeight - TABLE_HEIGHT_OFFSET);
}

export function useTableHeight(): number {
  const [height, setHeight] = useState(() => tableHeightFor(window.innerHeight));
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    // trailing throttle: a burst of resize events measures once, a second after the first
    const onResize = () => {
      if (timer) return;
      timer = setTimeout(() => {
        timer = undefined;
        setHeight(tableHeightFor(window.innerHeight));
      }, RESIZE_INTERVAL_MS);
    };
    window.addEventListener('resize', onResize);
    return () => {
      window.removeEventListener('resize', onResize);
      if (timer) clearTimeout(timer);
    };
  }, []);
  return height;
}
