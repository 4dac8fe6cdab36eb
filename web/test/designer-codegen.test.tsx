import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { FORM_CODE_IDENTIFIERS, FORM_CODE_NAME_DEFAULTS, FORM_CODE_RESERVED_WORDS, parseFormSchema, type FormField, type FormSchema } from '@qb/contracts';
import { generateFormCode } from '../src/designer/codegen/index.ts';
import { allKinds, defaultSample, HOSTILE, hostile } from './designer-codegen-schemas.ts';

// Generated files are written to a directory of the system's temp dir (never into the source tree), whose
// node_modules is a link to the one the web app's antd, react and dayjs come from (the same modules as the test's own,
// for TypeScript and for the imports that render them), and compiled together by the TypeScript compiler: every
// kind, page and dialog, both languages, must compile with zero diagnostics.

const webModules = dirname(dirname(createRequire(resolve(__dirname, '../package.json')).resolve('react/package.json')));
let outDir = '';
/** A generated file as a module to import: by its file URL (a bare absolute path would be read as one under web/). */
const generated = (name: string) => pathToFileURL(join(outDir, name)).href;
const files = new Map<string, string>();

const withoutLinkage = (f: FormField): FormField => {
  const { linkage: _linkage, ...rest } = f;
  return (rest.kind === 'row' ? { ...rest, children: rest.children.map(withoutLinkage) } : rest) as FormField;
};
/** Each component alone too: a file holds only the helpers its fields need (unused code fails the compile). */
const singles: [string, FormSchema][] = allKinds.fields.map((f) => {
  const needs = f.name === 'category' ? allKinds.fields.filter((o) => o.name === 'subject') : [];
  return [`single-${f.name}`, { version: 2, fields: [...needs, withoutLinkage(f)] }];
});

/** 表单名, 表单模型, 校验模型 of the user's (the model named like a field's constant, which gives way), uploads to the other route and sent on submit. */
const customNames: FormSchema = {
  ...allKinds,
  formRef: 'elForm',
  formModel: 'levelOptions',
  formRules: 'rules',
  fields: allKinds.fields.map((f) =>
    f.kind === 'upload' ? { ...f, action: '/api/action/uploadsOss/', ...(f.name === 'files' ? { autoUpload: false } : {}) } : f,
  ),
};
/** One upload sent when the form is submitted. */
const manualUpload: FormSchema = {
  version: 2,
  buttons: true,
  formRef: 'uploadForm',
  fields: [
    { kind: 'upload', name: 'doc', label: { zh: '附件' }, autoUpload: false, fieldName: 'files', action: '/api/action/uploadsOss/', rules: { required: true } },
  ],
};

const CASES: [string, FormSchema][] = [
  ['sample', defaultSample],
  ['allKinds', allKinds],
  ['customNames', customNames],
  ['manualUpload', manualUpload],
  ['hostile', hostile],
  ['disabledLeft', { ...allKinds, disabled: true, labelPosition: 'left', size: 'small', buttons: false }],
  ...singles,
];

function formValueNames(schema: FormSchema): string[] {
  const walk = (list: FormField[]): string[] =>
    list.flatMap((f) => (f.kind === 'row' ? walk(f.children) : f.kind === 'button' || f.kind === 'table' ? [] : [f.name]));
  return walk(schema.fields);
}

function stringsIn(code: string): { literals: string[]; jsxText: string[] } {
  const source = ts.createSourceFile('x.tsx', code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const literals: string[] = [];
  const jsxText: string[] = [];
  const walk = (node: ts.Node) => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) literals.push(node.text);
    if (ts.isJsxText(node) && node.text.trim()) jsxText.push(node.text);
    ts.forEachChild(node, walk);
  };
  walk(source);
  return { literals, jsxText };
}

/** The identifiers of a file that name something in its scopes (not the names of properties, attributes or keys). */
function identifiersIn(code: string): Set<string> {
  const source = ts.createSourceFile('x.tsx', code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const out = new Set<string>();
  const walk = (node: ts.Node) => {
    const parent = node.parent;
    const keyName =
      parent &&
      ((ts.isPropertyAccessExpression(parent) && parent.name === node) ||
        ((ts.isPropertyAssignment(parent) || ts.isPropertySignature(parent) || ts.isMethodSignature(parent) || ts.isJsxAttribute(parent)) &&
          parent.name === node) ||
        (ts.isBindingElement(parent) && parent.propertyName === node) ||
        (ts.isQualifiedName(parent) && parent.right === node) ||
        // <div>, <button>: elements, not names; `as const` is no name either
        ((ts.isJsxOpeningElement(parent) || ts.isJsxClosingElement(parent) || ts.isJsxSelfClosingElement(parent)) && /^[a-z]/.test(node.getText())) ||
        (ts.isTypeReferenceNode(parent) && node.getText() === 'const'));
    if (ts.isIdentifier(node) && !keyName) out.add(node.text);
    ts.forEachChild(node, walk);
  };
  walk(source);
  return out;
}

beforeAll(async () => {
  outDir = mkdtempSync(join(tmpdir(), 'qb-codegen-test-'));
  symlinkSync(webModules, join(outDir, 'node_modules'), 'dir');
  for (const [name, schema] of CASES) {
    expect(parseFormSchema(schema)).toMatchObject({ ok: true });
    for (const type of ['page', 'dialog'] as const) {
      for (const lang of ['zh', 'en'] as const) {
        const code = await generateFormCode(schema, { type, lang });
        const file = join(outDir, `${name}-${type}-${lang}.tsx`);
        writeFileSync(file, code);
        files.set(`${name}-${type}-${lang}`, code);
      }
    }
  }
}, 60_000);

afterAll(() => {
  if (outDir) rmSync(outDir, { recursive: true, force: true });
});

describe('generateFormCode', () => {
  it('writes files that compile with zero diagnostics (strict, react-jsx, bundler resolution)', () => {
    const names = [...files.keys()].map((k) => join(outDir, `${k}.tsx`));
    const program = ts.createProgram(names, {
      noEmit: true,
      strict: true,
      noUnusedLocals: true,
      noUnusedParameters: true,
      jsx: ts.JsxEmit.ReactJSX,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      target: ts.ScriptTarget.ES2022,
      lib: ['lib.es2023.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
      types: [],
      skipLibCheck: true,
      esModuleInterop: true,
      isolatedModules: true,
    });
    const diagnostics = ts.getPreEmitDiagnostics(program).map((d) => {
      const where = d.file ? `${d.file.fileName.slice(outDir.length + 1)}:${d.file.getLineAndCharacterOfPosition(d.start ?? 0).line + 1}` : '';
      return `${where} ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;
    });
    expect(diagnostics).toEqual([]);
    // a ceiling for a hung check, not a speed check: type-checking the files with the DOM's lib is heavy and
    // synchronous, 16 s with the machine at load 5, 42-55 s at load 10-13 and 120 s at load 20 (two cores)
  }, 300_000);

  it("declares and reads no identifier beyond FORM_CODE_IDENTIFIERS, the form names and the fields' constants (the parser refuses those as form names)", () => {
    const componentNames = ['GeneratedFormPage', 'GeneratedFormDialog', 'GeneratedFormDialogProps'];
    const known = new Set([
      ...FORM_CODE_IDENTIFIERS,
      ...FORM_CODE_RESERVED_WORDS,
      ...Object.values(FORM_CODE_NAME_DEFAULTS),
      ...componentNames,
      'elForm',
      'rules',
      'uploadForm',
    ]);
    const unknown = new Set<string>();
    for (const code of files.values()) {
      for (const id of identifiersIn(code)) if (!known.has(id) && !/(Options|Depends)_*$/.test(id)) unknown.add(id);
    }
    expect([...unknown].sort()).toEqual([]);
  });

  it('names the form instance, the initial values and the one rules object as the form says (表单名, 表单模型, 校验模型)', () => {
    const sample = files.get('sample-page-zh')!.replace(/\s+/g, ' ');
    expect(sample).toContain('const [form] = Form.useForm<FormValues>();');
    expect(sample).toContain('const INITIAL_VALUES: Partial<FormValues> = {};');
    expect(sample).toMatch(/const FORM_RULES = \{ mobile: \[ \{ required: true, whitespace: true, message: "请输入手机号"/);
    expect(sample).toContain('rules={FORM_RULES.mobile}');
    expect(sample).toContain('initialValues={INITIAL_VALUES}');

    for (const type of ['page', 'dialog']) {
      const code = files.get(`customNames-${type}-zh`)!.replace(/\s+/g, ' ');
      const ids = identifiersIn(code);
      expect(ids.has('form') || ids.has('INITIAL_VALUES') || ids.has('FORM_RULES'), type).toBe(false);
      expect(code).toContain('const [elForm] = Form.useForm<FormValues>();');
      expect(code).toContain('form={elForm}');
      expect(code).toContain('Form.useWatch("subject", elForm)');
      expect(code).toContain('const levelOptions: Partial<FormValues> = {');
      expect(code).toContain('initialValues={levelOptions}');
      // the select's own constant gave way to the model's name
      expect(code).toContain('const levelOptions_: Option[] = [');
      expect(code).toContain('options={levelOptions_}');
      expect(code).toMatch(/const rules = \{ title: \[/);
      expect(code).toContain('} satisfies Record<keyof FormValues, FormRule[]>;');
      // every value item reads its entry of the one rules object
      for (const f of formValueNames(customNames)) expect(code, f).toContain(`name={"${f}"} rules={rules.${f}}`);
      if (type === 'dialog') expect(code).toContain('onOk={() => elForm.submit()}');
    }
  });

  it('sends uploads to the route and field the form names; 自动上传 off sends them when the form is submitted', () => {
    const all = files.get('allKinds-page-zh')!.replace(/\s+/g, ' ');
    expect(all).toContain('action="/api/action/upload/" name="files" headers={uploadHeaders()}');
    expect(all).not.toContain('sendPendingUploads');
    const custom = files.get('customNames-page-zh')!.replace(/\s+/g, ' ');
    // the picture upload goes at once to uploadsOss, the file list waits for the submit
    expect(custom).toContain('action="/api/action/uploadsOss/" name="files" headers={uploadHeaders()}');
    expect(custom.match(/action="/g)).toHaveLength(1);
    expect(custom).toContain(
      'const PENDING_UPLOADS: { name: keyof FormValues; action: string; field: string }[] = [ { name: "files", action: "/api/action/uploadsOss/", field: "files" }, ];',
    );
    expect(custom).toMatch(/beforeUpload=\{\(file\) => checkUpload\([^)]*\) === true \? false : Upload.LIST_IGNORE \}/);
    expect(custom).toContain('const sent = await sendPendingUploads(values);');
  });

  it('is formatted by prettier: 2-space indent, code lines within 110 columns, stable', async () => {
    const prettier = await import('prettier/standalone');
    const plugins = [await import('prettier/plugins/typescript'), await import('prettier/plugins/estree')];
    for (const [key, code] of files) {
      for (const line of code.split('\n')) {
        expect(line.match(/^ */)![0].length % 2, `${key}: ${line}`).toBe(0);
        // prettier never splits a string literal: only lines holding one may be longer
        if (line.length > 110) expect(line, key).toMatch(/["'`]/);
      }
      const again = await prettier.format(code, { parser: 'typescript', plugins: plugins as never, tabWidth: 2, printWidth: 110 });
      expect(again, key).toBe(code);
    }
  });

  it('keeps hostile labels, placeholders, messages and option labels as text', () => {
    for (const lang of ['zh', 'en'] as const) {
      for (const type of ['page', 'dialog']) {
        const code = files.get(`hostile-${type}-${lang}`)!;
        const { literals, jsxText } = stringsIn(code);
        for (const text of HOSTILE)
          expect(
            literals.some((l) => l.includes(text)),
            `${type} ${lang}: ${JSON.stringify(text)}`,
          ).toBe(true);
        // nothing reached JSX as raw text, and no hostile text escaped into code
        expect(jsxText).toEqual([]);
        expect(code).not.toContain('alert(1)</script>\n');
      }
      expect(stringsIn(files.get(`hostile-page-zh`)!).literals).toContain('请至少选择一个' + HOSTILE[1]);
    }
    // the option values with quotes and backticks survive too
    expect(stringsIn(files.get('hostile-page-zh')!).literals).toContain('v0"`');
  });

  it('writes SPEC.md §5 rules: required message = placeholder, else 不能为空, lists 请至少选择一个; blur or change', () => {
    const sample = stringsIn(files.get('sample-page-zh')!).literals;
    expect(sample).toEqual(expect.arrayContaining(['请输入手机号', '手机号格式错误', '^1(3|4|5|7|8|9)\\d{9}$', 'onBlur', 'mobile', '提交', '重置']));
    const code = files.get('sample-page-zh')!.replace(/\s+/g, ' ');
    expect(code).toMatch(/required: true, whitespace: true, message: "请输入手机号", validateTrigger: "onBlur"/);
    expect(code).toMatch(/maxLength=\{11\}/);

    const all = files.get('allKinds-page-zh')!.replace(/\s+/g, ' ');
    const literals = stringsIn(all).literals;
    expect(literals).toEqual(
      expect.arrayContaining([
        '标题不能为空',
        '标题不能少于2个字符',
        '标题不能超过20个字符',
        '年龄必须在0到150之间',
        '请至少选择一个标签',
        '标签至少选择1项',
        '标签最多选择2项',
        '请至少选择一个城市',
        '请至少选择一个日子',
        '文件大小超过 2MB',
        '应该选择jpg、jpeg、png、bmp类型的文件',
        '应该选择pdf、doc、docx类型的文件',
        '/api/action/upload/',
        '/api/system/menu/',
        'data.list',
        'onBlur',
      ]),
    );
    // a select is checked on change, a typed field on blur
    expect(all).toMatch(/message: "级别不能为空",? \}/);
    expect(all).toMatch(/message: "正文不能为空", validateTrigger: "onBlur"/);
    // dynamic options from tables: the list call with the flag, the dependent dropdown waits for its field
    expect(all).toContain('/api/select/?_flag=questionsClass&page=1&row=99999&sort=sortNum&wheres=');
    expect(all).toContain('Form.useWatch("subject", form)');
    expect(all).toContain('JSON.stringify({ isdelete: 0, subjectId: categoryDepends })');

    const en = stringsIn(files.get('allKinds-dialog-en')!).literals;
    expect(en).toEqual(expect.arrayContaining(['标题 is required', 'Please choose at least one 标签', 'The file is larger than 2 MB', 'Submit']));
  });

  it('imports the icons of inputs and buttons from @ant-design/icons and draws them', () => {
    const all = files.get('allKinds-page-zh')!.replace(/\s+/g, ' ');
    const imports = /import \{ ([^}]*) \} from "@ant-design\/icons";/
      .exec(all)?.[1]
      .split(',')
      .map((s) => s.trim());
    expect(imports).toEqual(expect.arrayContaining(['FormOutlined', 'KeyOutlined', 'LinkOutlined', 'LockOutlined', 'UserOutlined']));
    expect(all).toMatch(/<Input [^>]*prefix=\{<UserOutlined \/>\} suffix=\{<LinkOutlined \/>\}/);
    expect(all).toMatch(/<Input.Password [^>]*prefix=\{<LockOutlined \/>\} suffix=\{<KeyOutlined \/>\}/);
    expect(all).toMatch(/<Button [^>]*icon=\{<FormOutlined \/>\}/);
    // a file without icons imports none it does not use (noUnusedLocals would refuse it)
    expect(files.get('sample-page-zh')).not.toContain('@ant-design/icons');
  });

  it('renders: the sample page says its messages, and submits a valid mobile', async () => {
    const mod = (await import(/* @vite-ignore */ generated('sample-page-zh.tsx'))) as {
      default: (p: { onSubmit?: (v: unknown) => void }) => React.ReactElement;
    };
    const submitted: unknown[] = [];
    const Page = mod.default;
    render(<Page onSubmit={(v) => submitted.push(v)} />);
    const input = screen.getByPlaceholderText('请输入手机号');
    fireEvent.click(screen.getByRole('button', { name: /提\s*交/ }));
    expect(await screen.findByText('请输入手机号', { selector: '.ant-form-item-explain-error' })).toBeTruthy();
    fireEvent.change(input, { target: { value: '12345' } });
    fireEvent.blur(input);
    expect(await screen.findByText('手机号格式错误')).toBeTruthy();
    fireEvent.change(input, { target: { value: '13812345678' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /提\s*交/ }));
    });
    await waitFor(() => expect(submitted).toEqual([{ mobile: '13812345678' }]));
  });

  it('renders 自动上传 off: nothing is sent when a file is picked; on 提交 it goes to the route in its field, then the values', async () => {
    const Page = (
      (await import(/* @vite-ignore */ generated('manualUpload-page-zh.tsx'))) as { default: (p: { onSubmit?: (v: unknown) => void }) => React.ReactElement }
    ).default;
    const sent: { url: string; field: string; name: string }[] = [];
    const realFetch = globalThis.fetch;
    globalThis.fetch = (async (url: string, init: RequestInit) => {
      const body = init.body as FormData;
      const [[field, file]] = [...body.entries()] as [string, File][];
      sent.push({ url, field, name: file.name });
      return new Response(JSON.stringify({ status: true, data: { path: '/api/file/2024/a.pdf', oldFileName: file.name } }), { status: 200 });
    }) as typeof fetch;
    try {
      const submitted: { doc?: { status?: string; url?: string; name: string }[] }[] = [];
      const { container } = render(<Page onSubmit={(v) => submitted.push(v as never)} />);
      const input = container.querySelector('input[type=file]') as HTMLInputElement;
      await act(async () => {
        fireEvent.change(input, { target: { files: [new File(['%PDF'], 'a.pdf', { type: 'application/pdf' })] } });
      });
      expect(await screen.findByText('a.pdf')).toBeTruthy();
      expect(sent).toEqual([]);
      await act(async () => {
        fireEvent.click(screen.getByRole('button', { name: /提\s*交/ }));
      });
      await waitFor(() => expect(submitted).toHaveLength(1));
      expect(sent).toEqual([{ url: '/api/action/uploadsOss/', field: 'files', name: 'a.pdf' }]);
      expect(submitted[0]!.doc).toEqual([expect.objectContaining({ name: 'a.pdf', status: 'done', url: '/api/file/2024/a.pdf' })]);
    } finally {
      globalThis.fetch = realFetch;
    }
  });

  it('renders linkage: a row shown by another field, a field required while another is filled', async () => {
    const schema: FormSchema = {
      version: 2,
      buttons: true,
      fields: [
        {
          kind: 'radio',
          name: 'type',
          label: { zh: '类型' },
          options: [
            { label: { zh: '个人' }, value: 1 },
            { label: { zh: '企业' }, value: 2 },
          ],
          defaultValue: 1,
        },
        {
          kind: 'text',
          name: 'company',
          label: { zh: '公司' },
          rules: { required: true },
          linkage: [{ when: { field: 'type', op: 'equals', value: 2 }, then: 'show' }],
        },
        { kind: 'text', name: 'memo', label: { zh: '备注' }, linkage: [{ when: { field: 'company', op: 'filled' }, then: 'require' }] },
      ],
    };
    writeFileSync(join(outDir, 'linked.tsx'), await generateFormCode(schema, { type: 'page' }));
    const Page = ((await import(/* @vite-ignore */ generated('linked.tsx'))) as { default: (p: { onSubmit?: (v: unknown) => void }) => React.ReactElement })
      .default;
    const submitted: unknown[] = [];
    render(<Page onSubmit={(v) => submitted.push(v)} />);
    expect(screen.queryByLabelText('公司')).toBeNull();
    fireEvent.click(screen.getByLabelText('企业'));
    const company = await screen.findByLabelText('公司');
    fireEvent.change(company, { target: { value: 'ACME' } });
    fireEvent.click(screen.getByRole('button', { name: /提\s*交/ }));
    expect(await screen.findByText('备注不能为空')).toBeTruthy();
    expect(submitted).toEqual([]);
    fireEvent.change(screen.getByLabelText('备注'), { target: { value: 'ok' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /提\s*交/ }));
    });
    await waitFor(() => expect(submitted).toEqual([{ type: 2, company: 'ACME', memo: 'ok' }]));
  });
});
