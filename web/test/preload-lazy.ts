import { beforeAll } from 'vitest';

/**
 * The code the app loads on demand (its dynamic imports: the shell, the pages, the dialogs, the rich-text and code
 * editors, the code generator's prettier), loaded before a worker's first test file. The files of the 'shared' project
 * share their modules per worker, so the first test of a worker that opened one of them waited inside a findBy for its
 * transform and evaluation: 12-17 s measured for 数据源's dialog with the machine loaded, over findBy's deadline, and
 * which test paid depended on the order the files reached the worker. Later files find everything loaded at once.
 */
const onDemand = [
  () => import('../src/shell/ManageLayout.tsx'),
  () => import('../src/crud/CrudEditDialog.tsx'),
  () => import('../src/crud/SearchDateRange.tsx'),
  () => import('../src/crud/prefetch.ts'),
  () => import('../src/forms/RichTextEditor.tsx'),
  () => import('../src/history/PageHistory.tsx'),
  () => import('../src/history/HistoryDrawer.tsx'),
  () => import('../src/import/openDialogs.tsx'),
  () => import('../src/import/openTableImport.tsx'),
  () => import('../src/designer/FormDesignerDialog.tsx'),
  () => import('../src/designer/codeEditor.ts'),
  () => import('../src/designer/codegen/emit.ts'),
  () => import('prettier/standalone'),
  () => import('prettier/plugins/typescript'),
  () => import('prettier/plugins/estree'),
  () => import('../src/pages/datasources/ConnSqlDialog.tsx'),
  () => import('../src/pages/BillFlowChart.tsx'),
];
const pages = import.meta.glob(['../src/pages/**/*Page.tsx', '../src/pages/**/*Pages.tsx']);

// a hook's ceiling for a hung load, not a speed check: the whole set takes seconds alone, a minute and more loaded
beforeAll(async () => {
  await Promise.all([...onDemand, ...Object.values(pages)].map((load) => load()));
}, 300_000);
