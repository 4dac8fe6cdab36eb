import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { Form } from 'antd';
import type { FormSchema } from '@qb/contracts';
import { SchemaForm } from '../src/forms/SchemaForm.tsx';
import { SchemaFormDialog } from '../src/forms/SchemaFormDialog.tsx';
import { setLanguage } from '../src/i18n/index.ts';
import { renderWithApp } from './helpers.tsx';

/** Issue 19 #6: a designed form with 表单按钮 on (the designer's default) in a table's add/edit dialog. */
const designed: FormSchema = { version: 2, buttons: true, fields: [{ kind: 'text', name: 'title', label: { zh: '书名' } }] };

describe('a form’s own buttons', () => {
  it('are not drawn inside the add/edit dialog, which has 取消 / 重置 / 保存 only', async () => {
    await setLanguage('zh-CN');
    renderWithApp(<SchemaFormDialog open title="新增" schema={designed} onSubmit={vi.fn()} onCancel={vi.fn()} />);
    const dialog = (await screen.findByTestId('schema-dialog-submit')).closest<HTMLElement>('[role="dialog"]')!;
    expect(within(dialog).queryByTestId('schema-form-submit')).toBeNull();
    expect(within(dialog).queryByTestId('schema-form-reset')).toBeNull();
    const buttons = within(dialog)
      .getAllByRole('button')
      .map((b) => b.textContent?.replace(/\s/g, ''))
      .filter((x) => x);
    expect(buttons).toEqual(['取消', '重置', '保存']);
  });

  it('are drawn where the form stands alone (运行, a page)', async () => {
    await setLanguage('zh-CN');
    function Alone() {
      const [form] = Form.useForm();
      return <SchemaForm schema={designed} form={form} />;
    }
    renderWithApp(<Alone />);
    expect((await screen.findByTestId('schema-form-submit')).textContent?.replace(/\s/g, '')).toBe('提交');
    expect(screen.getByTestId('schema-form-reset')).toBeTruthy();
  });
});
