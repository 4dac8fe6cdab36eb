import { FORM_WIDTH_PATTERN, FORM_SCHEMA_VERSION, type FormSchema } from './types.ts';
import { at, FormSchemaError, isObj, Problems, show, type Obj } from './parseReader.ts';
import { parseFormSchema } from './parse.ts';
import { FORM_KIND_DESCRIPTORS } from './kinds/index.ts';
import type { KindV1Context } from './kinds/descriptor.ts';
import { nonEmpty, num, V1_SIZES } from './kinds/v1.ts';
import { FORM_CODE_NAME_KEYS, formCodeNameProblem, type FormCodeNameKey } from './codeNames.ts';

// Version 1: the JSON of form-generator (SPEC.md §3 "Designer component" and "Designer form config")

/** Placeholders form-generator puts on every new component: as a required message they would say nothing. */
const BARE_PLACEHOLDERS = new Set(['', '请输入', '请选择']);

/** Layout kinds are matched first (a rowFormItem is a row whatever its tag), then value kinds; one kind matches a component. */
const DESCRIPTORS = Object.values(FORM_KIND_DESCRIPTORS);
const V1_ORDER = [...DESCRIPTORS.filter((d) => d.layout), ...DESCRIPTORS.filter((d) => !d.layout)];

function v1Field(item: unknown, path: string, p: Problems, form: Obj): Obj | undefined {
  if (!isObj(item)) {
    p.add(path, `must be a component object, not ${show(item)}`);
    return undefined;
  }
  // the earliest form-generator saves kept the config on the component itself
  const config = isObj(item.__config__) ? item.__config__ : item;
  const cpath = isObj(item.__config__) ? at(path, '__config__') : path;
  const slot = isObj(item.__slot__) ? item.__slot__ : {};
  const tag = typeof config.tag === 'string' ? config.tag : undefined;
  const icon = typeof config.tagIcon === 'string' ? config.tagIcon : '';
  const id = num(config.formId);
  const out: Obj = {};
  const label = typeof config.label === 'string' ? config.label : '';
  out.label = { zh: label };
  const span = num(config.span);
  if (span !== undefined) out.span = span;
  if (config.showLabel === false) out.showLabel = false;
  const labelWidth = num(config.labelWidth);
  if (labelWidth !== undefined) out.labelWidth = labelWidth;

  const rules: Obj = {};
  const c: KindV1Context = { item, config, cpath, path, slot, tag, icon, id, label, form, p, out, rules, field: (child, at) => v1Field(child, at, p, form) };
  const descriptor = V1_ORDER.find((d) => d.v1.matches(c));
  if (!descriptor) {
    p.add(at(cpath, 'tag'), tag === undefined ? 'is required (the component, like el-input)' : `unknown component ${show(tag)}`);
    return undefined;
  }
  out.kind = descriptor.kind;
  if (descriptor.layout) {
    descriptor.v1.read(c);
    return out;
  }

  const name = item.__vModel__ ?? item.vModel;
  out.name = typeof name === 'string' ? name : name === undefined ? `field${id ?? ''}` : name;
  if (config.defaultValue !== undefined && config.defaultValue !== null) out.defaultValue = config.defaultValue;
  const placeholder = nonEmpty(item.placeholder);
  if (placeholder) out.placeholder = { zh: placeholder };
  // style width: a width other than the whole line is kept (issue 19 #11); anything else in style is canvas detail
  const width = isObj(item.style) && typeof item.style.width === 'string' ? item.style.width.trim() : '';
  if (width && width !== '100%' && FORM_WIDTH_PATTERN.test(width)) out.width = width;
  if (item.disabled === true) out.disabled = true;
  if (item.readonly === true) out.readonly = true;

  if (config.required === true) {
    rules.required = true;
    // form-generator's generated rule: the placeholder is the required message (SPEC.md §5 "Generated rules")
    if (placeholder && !BARE_PLACEHOLDERS.has(placeholder.trim()) && !Array.isArray(config.defaultValue)) rules.requiredMessage = { zh: placeholder };
  }
  descriptor.v1.read(c);
  if (Object.keys(rules).length) out.rules = rules;
  return out;
}

function fromV1(input: Obj, p: Problems): Obj {
  const out: Obj = { version: FORM_SCHEMA_VERSION };
  const labelWidth = num(input.labelWidth);
  if (labelWidth !== undefined) out.labelWidth = labelWidth;
  if (input.labelPosition !== undefined) {
    if (input.labelPosition === 'left' || input.labelPosition === 'right' || input.labelPosition === 'top') out.labelPosition = input.labelPosition;
    else p.add('labelPosition', `must be left, right or top, not ${show(input.labelPosition)}`);
  }
  if (input.size !== undefined) {
    const size = typeof input.size === 'string' ? V1_SIZES[input.size] : undefined;
    if (size) out.size = size;
    else p.add('size', `must be medium, small or mini, not ${show(input.size)}`);
  }
  const gutter = num(input.gutter);
  if (gutter !== undefined) out.gutter = gutter;
  if (input.disabled === true) out.disabled = true;
  const span = num(input.span);
  if (span !== undefined) out.span = span;
  if (input.formBtns === true) out.buttons = true;
  if (typeof input.unFocusedComponentBorder === 'boolean') out.unFocusedComponentBorder = input.unFocusedComponentBorder;
  // 表单名, 表单模型, 校验模型 (elForm, formData, rules by default) come over where they are names the generated file
  // can take; one it cannot (a reserved word, a name of its own) is left out and the default used
  const names: Partial<Record<FormCodeNameKey, string>> = {};
  for (const key of FORM_CODE_NAME_KEYS) {
    const name = input[key];
    if (typeof name === 'string' && !formCodeNameProblem(key, name, names)) names[key] = name;
  }
  for (const key of FORM_CODE_NAME_KEYS) if (names[key] !== undefined && !formCodeNameProblem(key, names[key], names)) out[key] = names[key];
  if (!Array.isArray(input.fields))
    p.add('fields', input.fields === undefined ? 'is required (a list of components)' : `must be a list, not ${show(input.fields)}`);
  else out.fields = input.fields.map((f, i) => v1Field(f, at('fields', i), p, input)).filter(Boolean);
  return out;
}

/** Version 1 is any object without a version (or with form-generator's storage marker 1 / 1.2) that lists `fields`. */
function isV1(input: Obj): boolean {
  const v = input.version;
  return v === undefined || v === 1 || v === '1' || v === 1.2 || v === '1.2';
}

/**
 * Any stored form schema -> the current version. Version 2 is checked and returned as is; version 1 (the form
 * designer's JSON of SPEC.md §3) is upgraded, then checked. Anything else throws FormSchemaError listing the
 * problem paths (version 1 paths while upgrading, version 2 paths after).
 */
export function migrateFormSchema(input: unknown): FormSchema {
  if (typeof input === 'string') {
    try {
      input = JSON.parse(input);
    } catch {
      throw new FormSchemaError(['(root): not JSON']);
    }
  }
  if (!isObj(input)) throw new FormSchemaError([`(root): must be an object, not ${show(input)}`]);
  if (input.version === FORM_SCHEMA_VERSION) {
    const parsed = parseFormSchema(input);
    if (!parsed.ok) throw new FormSchemaError(parsed.problems);
    return parsed.schema;
  }
  if (!isV1(input)) throw new FormSchemaError([`version: unknown form schema version ${show(input.version)} (known: 1, ${FORM_SCHEMA_VERSION})`]);
  const p = new Problems();
  const upgraded = fromV1(input, p);
  if (p.list.length) throw new FormSchemaError(p.list);
  const parsed = parseFormSchema(upgraded);
  if (!parsed.ok) throw new FormSchemaError(parsed.problems.map((problem) => `after upgrading to version ${FORM_SCHEMA_VERSION}: ${problem}`));
  return parsed.schema;
}
