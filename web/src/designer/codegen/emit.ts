import {
  FORM_CODE_IDENTIFIERS,
  FORM_CODE_RESERVED_WORDS,
  formCodeNames,
  formItems,
  formKindDescriptor,
  formValueFields,
  isFormValueField,
  type FormField,
  type FormSchema,
  type FormValueField,
} from '@qb/contracts';
import { kindCode } from '../../forms/kinds/code.ts';
import { fieldSource, type EmitContext } from './fields.ts';
import { rulesSource } from './rules.ts';
import { DATE_PROPS, FIND_PATH, LAST_OF, LINKAGE, OPTION_TYPE, PENDING_UPLOADS, RANGE_PROPS, REMOTE_OPTIONS, RICH_TEXT, UPLOAD_CHECKS } from './runtime.ts';
import { codegenText, lit, textOf, type CodegenLanguage } from '../../forms/kinds/codeTexts.ts';

// A form schema → one React + TypeScript file using antd 6 (unformatted: index.ts runs prettier over it).

export interface CodegenOptions {
  type: 'page' | 'dialog';
  lang?: CodegenLanguage;
  /** default GeneratedFormPage / GeneratedFormDialog */
  componentName?: string;
}

/** Its type in the file's FormValues (its code.ts; text by default). */
function valueType(field: FormValueField): string {
  return kindCode(field.kind).valueType?.(field) ?? 'string';
}

/** Values of a new record; stored upload paths become the upload list's files. */
function initialValues(schema: FormSchema): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of formValueFields(schema)) {
    if (f.defaultValue === undefined || f.defaultValue === null) continue;
    const initial = kindCode(f.kind).initialValue;
    out[f.name] = initial ? initial(f.defaultValue) : f.defaultValue;
  }
  return out;
}

function labelColOf(width: number | undefined): string {
  return width === undefined ? '' : ` labelCol={{ flex: ${lit(`${width}px`)} }}`;
}

function itemSource(item: FormField, ctx: EmitContext, schema: FormSchema, horizontal: boolean): string {
  const state = `states[${lit(item.name)}]`;
  const span = item.span ?? schema.span ?? 24;
  const label = item.showLabel === false ? '' : textOf(item.label, ctx.lang);
  const labelAttr = label ? ` label={${lit(label)}}` : '';
  const labelCol = horizontal ? labelColOf(item.labelWidth) : '';
  let col: string;
  if (!isFormValueField(item)) {
    // a layout item: its kind's column (a row's children, a button, a table)
    col = kindCode(item.kind).column!(item, ctx, {
      span,
      labelAttr,
      labelCol,
      state,
      gutter: schema.gutter,
      children: (items) => items.map((c) => itemSource(c as FormField, ctx, schema, horizontal)).join('\n'),
    });
  } else {
    const disabled = ctx.linked ? ` disabled={${state}.disabled}` : item.disabled ? ' disabled' : '';
    const source = fieldSource(item, ctx, disabled);
    const required = ctx.linked ? 'linked' : item.rules?.required ? 'static' : undefined;
    // every item reads its rules from the one rules object (form-generator's 校验模型)
    ctx.rules.push(`${item.name}: ${rulesSource(item, ctx.lang, required)},`);
    const extra = source.extra ? ` extra={${lit(source.extra)}}` : '';
    // the control's own width (style width): the item's control column, as the preview does
    const wrapperCol = item.width ? ` wrapperCol={{ ${horizontal ? 'flex: 1, ' : ''}style: { maxWidth: ${lit(item.width)} } }}` : '';
    col = `<Col span={${span}}><Form.Item${labelAttr} name={${lit(item.name)}} rules={${ctx.names.formRules}.${item.name}}${source.itemProps}${labelCol}${wrapperCol}${extra}>${source.control}</Form.Item></Col>`;
  }
  return ctx.linked ? `{${state}.visible && (${col})}` : col;
}

function linkedItems(schema: FormSchema): unknown[] {
  const parentOf = new Map<string, string>();
  for (const item of formItems(schema)) for (const c of formKindDescriptor(item.kind)?.children?.(item) ?? []) parentOf.set(c.name, item.name);
  return formItems(schema).map((item) => ({
    name: item.name,
    ...(parentOf.has(item.name) ? { parent: parentOf.get(item.name) } : {}),
    required: isFormValueField(item) ? !!item.rules?.required : false,
    disabled: !!schema.disabled || (isFormValueField(item) ? !!item.disabled : !!kindCode(item.kind).disables?.(item)),
    linkage: item.linkage ?? [],
  }));
}

/** The whole generated file, before formatting. */
export function generateFormSource(schema: FormSchema, options: CodegenOptions): string {
  const lang = options.lang ?? 'zh';
  const dialog = options.type === 'dialog';
  const name = options.componentName ?? (dialog ? 'GeneratedFormDialog' : 'GeneratedFormPage');
  const items = formItems(schema);
  const names = formCodeNames(schema);
  // a field's own constants (mobileOptions) give way to every other name of the file
  const taken = new Set([...FORM_CODE_IDENTIFIERS, ...FORM_CODE_RESERVED_WORDS, ...Object.values(names), name, `${name}Props`]);
  const ctx: EmitContext = {
    lang,
    names,
    rules: [],
    pendingUploads: [],
    declare(base) {
      let id = base;
      while (taken.has(id)) id += '_';
      taken.add(id);
      return id;
    },
    linked: items.some((i) => (i.linkage ?? []).length > 0),
    helpers: new Set(),
    antd: new Set(['Col', 'Form', 'Row']),
    icons: new Set(),
    constants: [],
    hooks: [],
    watched: new Set(),
  };
  if (ctx.linked) {
    ctx.helpers.add('linkage');
    for (const i of items) for (const l of i.linkage ?? []) ctx.watched.add(l.when.field);
  }
  const position = schema.labelPosition ?? 'right';
  const horizontal = position !== 'top';
  const body = schema.fields.map((f) => itemSource(f, ctx, schema, horizontal)).join('\n');
  let buttons = '';
  if (schema.buttons) {
    ctx.antd.add('Button').add('Space');
    buttons = `<Col span={24}><Form.Item${horizontal ? ` label=" " colon={false}` : ''}><Space><Button type="primary" htmlType="submit">{${lit(codegenText(lang, 'submit'))}}</Button><Button htmlType="reset">{${lit(codegenText(lang, 'reset'))}}</Button></Space></Form.Item></Col>`;
  }
  if (dialog) ctx.antd.add('Modal');

  const reactImports = [...(ctx.helpers.has('remote') ? ['useEffect', 'useState'] : dialog ? ['useState'] : [])];
  if (dialog && !reactImports.includes('useState')) reactImports.push('useState');
  if (ctx.helpers.has('richText') && !reactImports.includes('useEffect')) reactImports.push('useEffect');
  const lines: string[] = [];
  if (reactImports.length) lines.push(`import { ${reactImports.sort().join(', ')} } from "react";`);
  lines.push(`import { ${[...ctx.antd].sort().join(', ')} } from "antd";`);
  const antdTypes = [...(ctx.rules.length ? ['FormRule'] : []), ...(ctx.helpers.has('upload') ? ['UploadFile'] : [])];
  if (antdTypes.length) lines.push(`import type { ${antdTypes.join(', ')} } from "antd";`);
  if (ctx.icons.size) lines.push(`import { ${[...ctx.icons].sort().join(', ')} } from "@ant-design/icons";`);
  if (ctx.helpers.has('date') || ctx.helpers.has('range')) lines.push('import dayjs from "dayjs";', 'import type { Dayjs } from "dayjs";');
  if (ctx.helpers.has('richText')) lines.push('import { EditorContent, useEditor } from "@tiptap/react";', 'import StarterKit from "@tiptap/starter-kit";');
  lines.push('');

  const valueFields = formValueFields(schema);
  lines.push(`export interface FormValues {\n${valueFields.map((f) => `${lit(f.name)}?: ${valueType(f)};`).join('\n')}\n}`);
  if (ctx.helpers.has('options')) lines.push(OPTION_TYPE);
  if (ctx.helpers.has('remote')) lines.push(REMOTE_OPTIONS);
  if (ctx.helpers.has('depends')) lines.push(LAST_OF);
  if (ctx.helpers.has('findPath')) lines.push(FIND_PATH);
  if (ctx.helpers.has('date')) lines.push(DATE_PROPS);
  if (ctx.helpers.has('range')) lines.push(RANGE_PROPS);
  if (ctx.helpers.has('upload')) lines.push(UPLOAD_CHECKS);
  if (ctx.pendingUploads.length) {
    lines.push(`const PENDING_UPLOADS: { name: keyof FormValues; action: string; field: string }[] = ${lit(ctx.pendingUploads)};`);
    lines.push(PENDING_UPLOADS.replace('{{uploadFailed}}', lit(codegenText(lang, 'uploadFailed'))));
  }
  if (ctx.helpers.has('richText')) lines.push(RICH_TEXT);
  if (ctx.linked) {
    lines.push(`type ItemName = ${items.map((i) => lit(i.name)).join(' | ')};`);
    lines.push(LINKAGE);
    lines.push(`const LINKED_ITEMS: LinkedItem[] = ${lit(linkedItems(schema))};`);
  }
  lines.push(...ctx.constants);
  lines.push(`const ${names.formModel}: Partial<FormValues> = ${lit(initialValues(schema))};`);
  if (ctx.rules.length) lines.push(`const ${names.formRules} = {\n${ctx.rules.join('\n')}\n} satisfies Record<keyof FormValues, FormRule[]>;`);

  const formAttrs = [
    `form={${names.formRef}}`,
    `layout=${lit(horizontal ? 'horizontal' : 'vertical')}`,
    position === 'left' ? 'labelAlign="left"' : '',
    horizontal ? `labelCol={{ flex: ${lit(`${schema.labelWidth ?? 100}px`)} }} wrapperCol={{ flex: "auto" }} labelWrap` : '',
    schema.size ? `size=${lit(schema.size)}` : '',
    schema.disabled ? 'disabled' : '',
    `initialValues={${names.formModel}}`,
    dialog
      ? 'onFinish={finish}'
      : ctx.pendingUploads.length
        ? 'onFinish={async (values) => { const sent = await sendPendingUploads(values); if (sent) onSubmit?.(sent); }}'
        : 'onFinish={(values) => onSubmit?.(values)}',
  ].filter(Boolean);
  const formJsx = `<Form<FormValues> ${formAttrs.join(' ')}><Row gutter={${schema.gutter ?? 15}}>${body}${buttons}</Row></Form>`;

  const setup: string[] = [`const [${names.formRef}] = Form.useForm<FormValues>();`];
  if (ctx.watched.size) {
    setup.push(
      `const watched: Record<string, unknown> = { ${[...ctx.watched].map((n) => `${lit(n)}: Form.useWatch(${lit(n)}, ${names.formRef})`).join(', ')} };`,
    );
  }
  if (ctx.linked) setup.push('const states = fieldStates(watched);');
  setup.push(...ctx.hooks);

  if (dialog) {
    lines.push(`export interface ${name}Props {\nopen: boolean;\nonClose: () => void;\nonSubmit: (values: FormValues) => void | Promise<void>;\n}`);
    lines.push(`export default function ${name}({ open, onClose, onSubmit }: ${name}Props) {
${setup.join('\n')}
const [saving, setSaving] = useState(false);
const finish = async (values: FormValues) => {
setSaving(true);
try {
${ctx.pendingUploads.length ? 'const sent = await sendPendingUploads(values);\nif (!sent) return;\nawait onSubmit(sent);' : 'await onSubmit(values);'}
onClose();
} finally {
setSaving(false);
}
};
return (<Modal open={open} title={${lit(codegenText(lang, 'dialogTitle'))}} width="50%" maskClosable={false} confirmLoading={saving} onCancel={onClose} onOk={() => ${names.formRef}.submit()} destroyOnHidden>${formJsx}</Modal>);
}`);
  } else {
    lines.push(`export default function ${name}({ onSubmit }: { onSubmit?: (values: FormValues) => void }) {
${setup.join('\n')}
return (${formJsx});
}`);
  }
  return `${lines.join('\n')}\n`;
}
