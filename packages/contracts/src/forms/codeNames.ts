import { FORM_ICONS, type FormSchema } from './types.ts';

// The form's names in the generated file: form-generator's 表单名 (formRef), 表单模型 (formModel) and 校验模型
// (formRules). In the React file they name the form instance (`const [formRef] = Form.useForm()`), the constant of
// initial values and the one object of rules that every Form.Item reads from (docs/forms.md "Generated code").

export const FORM_CODE_NAME_KEYS = ['formRef', 'formModel', 'formRules'] as const;
export type FormCodeNameKey = (typeof FORM_CODE_NAME_KEYS)[number];

/** The names used when the schema gives none: the file's names before the keys existed (its code stays as it was). */
export const FORM_CODE_NAME_DEFAULTS: Readonly<Record<FormCodeNameKey, string>> = {
  formRef: 'form',
  formModel: 'INITIAL_VALUES',
  formRules: 'FORM_RULES',
};

/** An identifier of plain ASCII letters, digits, _ and $, at most 64 characters. */
export const FORM_CODE_NAME_RE = /^[A-Za-z_$][\w$]{0,63}$/;

/**
 * Words a declared name cannot be: JavaScript's reserved words (strict mode and modules included), the names strict
 * code cannot bind, the global values a declaration would shadow, and the names CommonJS and JSX tooling give a
 * meaning of their own.
 */
export const FORM_CODE_RESERVED_WORDS: readonly string[] = [
  'await',
  'break',
  'case',
  'catch',
  'class',
  'const',
  'continue',
  'debugger',
  'default',
  'delete',
  'do',
  'else',
  'enum',
  'export',
  'extends',
  'false',
  'finally',
  'for',
  'function',
  'if',
  'import',
  'in',
  'instanceof',
  'new',
  'null',
  'return',
  'super',
  'switch',
  'this',
  'throw',
  'true',
  'try',
  'typeof',
  'var',
  'void',
  'while',
  'with',
  'yield',
  'let',
  'static',
  'implements',
  'interface',
  'package',
  'private',
  'protected',
  'public',
  'arguments',
  'eval',
  'undefined',
  'NaN',
  'Infinity',
  'globalThis',
  'require',
  'module',
  'exports',
  '__dirname',
  '__filename',
  'React',
];

/**
 * Every other identifier a generated file may declare or refer to (imports, helper functions and types, locals,
 * the globals its helpers call; besides these, any icon of FORM_ICONS). web/test/designer-codegen.test.tsx reads every identifier of the files it
 * generates and fails when one is missing here, so this list follows the generator. A field's own constants
 * (`mobileOptions`, `mobileDepends`) give way instead: the generator renames them when they meet a form name.
 */
export const FORM_CODE_IDENTIFIERS: readonly string[] = [
  'Array',
  'Boolean',
  'Button',
  'Cascader',
  'Checkbox',
  'Col',
  'ColorPicker',
  'Condition',
  'DatePicker',
  'Dayjs',
  'EditorContent',
  'Error',
  'FieldState',
  'File',
  'Form',
  'FormData',
  'FormOutlined',
  'FormRule',
  'FormValues',
  'Input',
  'InputNumber',
  'ItemName',
  'JSON',
  'KeyOutlined',
  'LINKED_ITEMS',
  'LinkOutlined',
  'LinkedItem',
  'LockOutlined',
  'Map',
  'Modal',
  'Number',
  'Object',
  'Option',
  'OptionsRequest',
  'PENDING_UPLOADS',
  'Partial',
  'PlusOutlined',
  'Promise',
  'Radio',
  'Rate',
  'Record',
  'RegExp',
  'RichTextEditor',
  'Row',
  'Select',
  'Set',
  'Slider',
  'Space',
  'StarterKit',
  'String',
  'Switch',
  'Table',
  'TimePicker',
  'Upload',
  'UploadFile',
  'UploadOutlined',
  'UserOutlined',
  'a',
  'action',
  'answer',
  'at',
  'b',
  'below',
  'body',
  'build',
  'byParent',
  'checkUpload',
  'checked',
  'children',
  'color',
  'conditionHolds',
  'dateItemProps',
  'day',
  'dayjs',
  'disabled',
  'e',
  'editor',
  'encodeURIComponent',
  'error',
  'event',
  'extension',
  'extensions',
  'fetch',
  'field',
  'fieldStates',
  'file',
  'fileListOf',
  'files',
  'finish',
  'format',
  'getFieldsValue',
  'height',
  'hidden',
  'holds',
  'html',
  'id',
  'ids',
  'isFilled',
  'item',
  'json',
  'key',
  'kid',
  'kids',
  'lastOf',
  'list',
  'live',
  'localStorage',
  'maxBytes',
  'message',
  'name',
  'nowHidden',
  'onChange',
  'onClose',
  'onSubmit',
  'open',
  'option',
  'options',
  'optionsOf',
  'parent',
  'pass',
  'path',
  'pathTo',
  'rangeItemProps',
  'readPath',
  'request',
  'required',
  'response',
  'row',
  'rows',
  'rule',
  'sameValue',
  'saving',
  'seen',
  'sendFile',
  'sendPendingUploads',
  'sent',
  'setSaving',
  'settled',
  'shows',
  'sizeMessage',
  'states',
  'target',
  'toOption',
  'token',
  'typeMessage',
  'uploadHeaders',
  'useEditor',
  'useEffect',
  'useState',
  'value',
  'values',
  'visible',
  'watched',
  'week',
  'when',
];

export type FormCodeNameProblem = { kind: 'syntax' } | { kind: 'reserved' } | { kind: 'used' } | { kind: 'same'; other: FormCodeNameKey };

/** The three names a schema's generated file uses (the defaults where it gives none). */
export function formCodeNames(schema: Pick<FormSchema, FormCodeNameKey>): Record<FormCodeNameKey, string> {
  return {
    formRef: schema.formRef ?? FORM_CODE_NAME_DEFAULTS.formRef,
    formModel: schema.formModel ?? FORM_CODE_NAME_DEFAULTS.formModel,
    formRules: schema.formRules ?? FORM_CODE_NAME_DEFAULTS.formRules,
  };
}

const RESERVED = new Set(FORM_CODE_RESERVED_WORDS);
// any icon of the list may be imported (a field's prefix or suffix, a button's icon)
const USED = new Set([...FORM_CODE_IDENTIFIERS, ...FORM_ICONS]);

/**
 * Why `name` cannot be the form's `key` beside the other names (`others`: the schema's, defaults where missing),
 * or undefined when it can.
 */
export function formCodeNameProblem(
  key: FormCodeNameKey,
  name: string,
  others: Partial<Record<FormCodeNameKey, string>> = {},
): FormCodeNameProblem | undefined {
  if (!FORM_CODE_NAME_RE.test(name)) return { kind: 'syntax' };
  if (RESERVED.has(name)) return { kind: 'reserved' };
  if (USED.has(name)) return { kind: 'used' };
  const names = formCodeNames(others);
  for (const other of FORM_CODE_NAME_KEYS) if (other !== key && names[other] === name) return { kind: 'same', other };
  return undefined;
}

/** The parser's English text of a problem. */
export function formCodeNameProblemText(problem: FormCodeNameProblem): string {
  switch (problem.kind) {
    case 'syntax':
      return 'must be a JavaScript identifier (a letter, _ or $, then letters, digits, _ or $; at most 64 characters)';
    case 'reserved':
      return 'is a reserved word of JavaScript';
    case 'used':
      return 'is already a name of the generated file (FORM_CODE_IDENTIFIERS)';
    case 'same':
      return `is already the ${problem.other}`;
  }
}
