import { useEffect, useRef } from 'react';
import { CrudPage } from './CrudPage.tsx';
import { staticSource } from './sources.ts';
import type { CrudPageConfig } from './types.ts';

/** How long the warm-up may stay mounted if its rows never show (they are in memory: it should take a frame). */
const MAX_WARMUP_MS = 2000;

// the texts are never read (the warm-up is off screen and inert)
const warmupConfig: CrudPageConfig = {
  key: '__warmup',
  flag: '__warmup',
  title: '',
  form: { version: 2, fields: [] },
  source: staticSource('warmup', () => [
    { id: 1, name: 'a', state: 1, amount: 1, createTime: '2026-01-01 00:00:00' },
    { id: 2, name: 'b', state: 2, amount: 2, createTime: '2026-01-02 00:00:00' },
  ]),
  rowButtons: [{ key: 'noop', labelKey: 'crud.edit', onClick: () => undefined }],
  fields: [
    { name: 'name', title: 'a', search: {}, column: { sortable: true } },
    {
      name: 'state',
      title: 'b',
      enum: [
        { value: 1, label: 'c', color: 'green' },
        { value: 2, label: 'd' },
      ],
      search: { kind: 'select' },
    },
    { name: 'amount', title: 'e', column: { kind: 'money' } },
    { name: 'createTime', title: 'f', column: { kind: 'dateTime' } },
  ],
};

/**
 * The first table page a person opens pays for the browser compiling the code of Table, Pagination, Form, Select,
 * Checkbox and friends the first time it runs (their styles no longer: antd generates none at runtime, theme.ts).
 * The shell mounts this once, off screen and inert, when it is idle after preloading the pages' code: a tiny
 * in-memory table page that runs that code, then unmounts itself (`onDone`) as soon as its rows have rendered.
 */
export default function CrudWarmup({ onDone }: { onDone(): void }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const started = performance.now();
    let frame = requestAnimationFrame(function check() {
      if (ref.current?.querySelector('.ant-table-row') || performance.now() - started > MAX_WARMUP_MS) onDone();
      else frame = requestAnimationFrame(check);
    });
    return () => cancelAnimationFrame(frame);
  }, [onDone]);
  return (
    <div ref={ref} className="qb-warmup" aria-hidden inert data-testid="crud-warmup">
      <CrudPage config={warmupConfig} />
    </div>
  );
}
