import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FormValueField } from '@qb/contracts';
import { setLanguage } from '../src/i18n/index.ts';
import { fakeFetch, ok, type FakeCall } from './helpers.tsx';
import { findIn, formOf, renderSchema } from './forms-harness.tsx';

type User = ReturnType<typeof userEvent.setup>;
interface KindCase {
  field: FormValueField;
  /** the required message in Chinese */
  zh: string;
  en: string;
  fill(user: User, container: HTMLElement): Promise<void>;
  check(value: unknown): void;
  initialValues?: Record<string, unknown>;
}

/** Typed kinds and the ones with their own widgets: each takes a value through real typing and clicking. */
const cases: KindCase[] = [
  {
    field: { kind: 'text', name: 'name', label: { zh: '姓名', en: 'Name' }, rules: { required: true, maxLength: 20 } },
    zh: '请输入姓名',
    en: 'Please enter Name',
    fill: (user) => user.type(screen.getByLabelText('姓名'), '张三'),
    check: (v) => expect(v).toBe('张三'),
  },
  {
    field: { kind: 'textarea', name: 'intro', label: { zh: '简介', en: 'Intro' }, rules: { required: true } },
    zh: '请输入简介',
    en: 'Please enter Intro',
    fill: (user) => user.type(screen.getByLabelText('简介'), '第一行{Enter}第二行'),
    check: (v) => expect(v).toBe('第一行\n第二行'),
  },
  {
    field: { kind: 'password', name: 'pass', label: { zh: '密码', en: 'Password' }, rules: { required: true } },
    zh: '请输入密码',
    en: 'Please enter Password',
    fill: async (user) => {
      const input = screen.getByLabelText('密码') as HTMLInputElement;
      expect(input.type).toBe('password');
      await user.type(input, 's3cret!');
    },
    check: (v) => expect(v).toBe('s3cret!'),
  },
  {
    field: { kind: 'number', name: 'age', label: { zh: '年龄', en: 'Age' }, rules: { required: true } },
    zh: '请输入年龄',
    en: 'Please enter Age',
    fill: (user) => user.type(screen.getByLabelText('年龄'), '18'),
    check: (v) => expect(v).toBe(18),
  },
  {
    field: { kind: 'richText', name: 'story', label: { zh: '正文', en: 'Story' }, rules: { required: true } },
    zh: '请输入正文',
    en: 'Please enter Story',
    fill: async (user, container) => {
      const editor = await findIn<HTMLElement>('.ProseMirror', container);
      await user.click(editor);
      await user.type(editor, '你好');
    },
    check: (v) => expect(String(v)).toMatch(/<p>你好<\/p>/),
  },
  {
    field: { kind: 'switch', name: 'enabled', label: { zh: '启用', en: 'Enabled' }, activeValue: 1, inactiveValue: 0, rules: { required: true } },
    // a row whose column is empty: the switch has no value yet
    initialValues: {},
    zh: '请选择启用',
    en: 'Please select Enabled',
    fill: (user) => user.click(screen.getByRole('switch')),
    check: (v) => expect(v).toBe(1),
  },
  {
    field: { kind: 'slider', name: 'progress', label: { zh: '进度', en: 'Progress' }, rules: { required: true, min: 0, max: 100 } },
    zh: '请选择进度',
    en: 'Please select Progress',
    fill: async (user, container) => {
      // jsdom lays nothing out: give the slider a 100 px track, then press at 40 px
      const slider = await findIn<HTMLElement>('.ant-slider', container);
      slider.getBoundingClientRect = () => new DOMRect(0, 0, 100, 10);
      await user.pointer({ keys: '[MouseLeft]', target: slider, coords: { clientX: 40, clientY: 5 } });
    },
    check: (v) => expect(v).toBe(40),
  },
  {
    field: { kind: 'rate', name: 'score', label: { zh: '评分', en: 'Score' }, showText: true, rules: { required: true } },
    zh: '请选择评分',
    en: 'Please select Score',
    fill: async (user, container) => {
      const stars = container.querySelectorAll('.ant-rate-star > div');
      await user.click(stars[2]!);
      // SPEC.md's five texts, the third
      expect(screen.getByTestId('rate-text').textContent).toBe('一般');
    },
    check: (v) => expect(v).toBe(3),
  },
  {
    field: { kind: 'color', name: 'tint', label: { zh: '颜色', en: 'Colour' }, rules: { required: true } },
    zh: '请选择颜色',
    en: 'Please select Colour',
    fill: async (user, container) => {
      await user.click(await findIn('.ant-color-picker-trigger', container));
      const hex = await findIn<HTMLInputElement>('.ant-color-picker-hex-input input');
      await user.clear(hex);
      await user.paste('ff0000');
    },
    check: (v) => expect(String(v).toLowerCase()).toBe('#ff0000'),
  },
  {
    field: { kind: 'upload', name: 'avatar', label: { zh: '头像', en: 'Avatar' }, listType: 'picture-card', rules: { required: true, accept: ['image'] } },
    zh: '请上传头像',
    en: 'Please upload Avatar',
    fill: async (user, container) => {
      const input = await findIn<HTMLInputElement>('input[type=file]', container);
      await user.upload(input, new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'face.png', { type: 'image/png' }));
      await findIn('[data-testid=image-preview]', container);
    },
    check: (v) => expect(v).toBe('/api/file/202611/face.png'),
  },
];

let calls: FakeCall[];
beforeEach(async () => {
  await setLanguage('zh-CN');
  calls = fakeFetch((call) => {
    if (call.url.pathname === '/api/action/upload/') {
      const file = (call.body as FormData).get('files') as File;
      return ok({ path: `/api/file/202611/${file.name}`, oldFileName: file.name });
    }
    return { status: 404, body: { status: false, message: 'not here' } };
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('SchemaForm renders every typed kind', () => {
  for (const c of cases) {
    it(`${c.field.kind}: renders, takes a value from the user, and says ${c.zh} when empty`, async () => {
      const form = renderSchema(formOf(c.field), { initialValues: c.initialValues });
      expect(screen.getByTestId(`form-field-${c.field.name}`)).toBeTruthy();
      await form.submit();
      expect(await screen.findByText(c.zh)).toBeTruthy();
      expect(form.onFinish).not.toHaveBeenCalled();
      await c.fill(form.user, form.container);
      await form.submit();
      const values = await form.submitted();
      c.check(values[c.field.name]);
      await waitFor(() => expect(form.errors()).toEqual([]));
    });
  }

  it('says every required message of these kinds in English', async () => {
    await setLanguage('en-US');
    const form = renderSchema(formOf(...cases.map((c) => c.field)), { initialValues: {} });
    await form.submit();
    await waitFor(() => expect(form.errors()).toEqual(cases.map((c) => c.en)));
    // the label follows the language too
    expect(screen.getByLabelText('Name')).toBeTruthy();
  });

  it('an upload refuses a file of another type or over the size before sending it', async () => {
    const field: FormValueField = {
      kind: 'upload',
      name: 'contract',
      label: { zh: '合同', en: 'Contract' },
      showTip: true,
      rules: { accept: ['pdf'], maxSize: { value: 1, unit: 'KB' } },
    };
    const form = renderSchema(formOf(field));
    expect(screen.getByText('只能上传 pdf 文件，单个文件不超过 1KB')).toBeTruthy();
    const user = userEvent.setup({ delay: null, applyAccept: false });
    // the upload control puts in a new file input after each pick
    const input = () => form.container.querySelector<HTMLInputElement>('input[type=file]')!;
    expect(input().accept).toBe('.pdf');
    await user.upload(input(), new File(['x'], 'notes.txt', { type: 'text/plain' }));
    expect(await screen.findByText('应该选择pdf类型的文件')).toBeTruthy();
    await user.upload(input(), new File([new Uint8Array(2048)], 'big.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText('文件大小超过 1KB')).toBeTruthy();
    expect(calls.some((c) => c.url.pathname === '/api/action/upload/')).toBe(false);
    await user.upload(input(), new File([new Uint8Array(100)], 'small.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText('small.pdf')).toBeTruthy();
    await form.submit();
    expect((await form.submitted()).contract).toBe('/api/file/202611/small.pdf');
  });
});
