import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form } from 'antd';
import { expect, vi } from 'vitest';
import type { FormField, FormSchema } from '@qb/contracts';
import { SchemaForm } from '../src/forms/SchemaForm.tsx';
import { renderWithApp } from './helpers.tsx';

// ProseMirror measures the selection to scroll it into view; jsdom has no layout
Range.prototype.getClientRects = function getClientRects() {
  return [] as unknown as DOMRectList;
};
Range.prototype.getBoundingClientRect = function getBoundingClientRect() {
  return new DOMRect(0, 0, 0, 0);
};
if (!document.elementFromPoint) document.elementFromPoint = () => null;

export const formOf = (...fields: FormField[]): FormSchema => ({ version: 2, buttons: true, fields });

/** A SchemaForm with its submit and reset buttons, as a page would hold it. */
export function renderSchema(schema: FormSchema, options: { initialValues?: Record<string, unknown>; context?: { flag?: string; rowId?: unknown } } = {}) {
  const onFinish = vi.fn();
  function Harness() {
    const [form] = Form.useForm();
    return <SchemaForm schema={schema} form={form} onFinish={onFinish} initialValues={options.initialValues} context={options.context} name="t" />;
  }
  const result = renderWithApp(<Harness />);
  const user = userEvent.setup({ delay: null });
  return {
    ...result,
    user,
    onFinish,
    submit: () => user.click(screen.getByTestId('schema-form-submit')),
    /** the messages under the fields, in the order of the form */
    errors: () => [...result.container.querySelectorAll('.ant-form-item-explain-error')].map((e) => e.textContent),
    /** the value the form handed to onFinish last, once it did */
    submitted: async () => {
      await waitFor(() => expect(onFinish).toHaveBeenCalled());
      return onFinish.mock.calls.at(-1)![0] as Record<string, unknown>;
    },
  };
}

/** The element matching a selector anywhere in the document (antd puts dropdowns in portals), once it is there. */
export async function findIn<T extends Element = HTMLElement>(selector: string, root: ParentNode = document): Promise<T> {
  return waitFor(() => {
    const el = root.querySelector<T & Element>(selector);
    if (!el) throw new Error(`nothing matches ${selector}`);
    return el as T;
  });
}
