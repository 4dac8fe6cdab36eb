import { expect, it } from 'vitest';
import { actionsColumnWidth } from '../src/crud/CrudTable.tsx';

// The actions column is as wide as its buttons' labels (the menu page's four buttons were clipped at 48 px a button).
it('fits the labels of the buttons it holds, in both scripts', () => {
  const zh = actionsColumnWidth(['数据设计', '表单设计', '编辑', '删除']);
  // 12 CJK characters of 14 px, four buttons of 12 px padding, the cell's 17 px
  expect(zh).toBe(12 * 14 + 4 * 12 + 17);
  const en = actionsColumnWidth(['Data design', 'Form design', 'Edit', 'Delete']);
  expect(en).toBeGreaterThan(zh);
  // never narrower than before for the plain edit / delete pair
  expect(actionsColumnWidth(['编辑', '删除'])).toBe(110);
});
