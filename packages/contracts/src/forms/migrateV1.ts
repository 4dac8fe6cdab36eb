import {
  FORM_BUTTON_TYPES,
  FORM_WIDTH_PATTERN,
  FORM_DATE_FORMATS,
  FORM_DATE_RANGE_TYPES,
  FORM_DATE_TYPES,
  FORM_SCHEMA_VERSION,
  FORM_SIZE_UNITS,
  FORM_TIME_FORMAT,
  FORM_UPLOAD_ACTION,
  FORM_UPLOAD_FIELD_NAME,
  type FormDateType,
  type FormSchema,
  type FormValueKind,
} from './types.ts';
import { at, FormSchemaError, isObj, Problems, show, type Obj } from './parseReader.ts';
import { parseFormSchema } from './parse.ts';
import { formIconFromV1 } from './iconsV1.ts';
import { FORM_CODE_NAME_KEYS, formCodeNameProblem, type FormCodeNameKey } from './codeNames.ts';
import { formUploadActionProblem, formUploadFieldNameProblem } from './optionUrls.ts';

// Version 1: the JSON of form-generator (SPEC.md §3 "Designer component" and "Designer form config")

/** Placeholders form-generator puts on every new component: as a required message they would say nothing. */
const BARE_PLACEHOLDERS = new Set(['', '请输入', '请选择']);

/** Element UI / date-fns tokens (yyyy-MM-dd) -> dayjs (YYYY-MM-DD). */
function dayjsFormat(format: unknown): string | undefined {
  if (typeof format !== 'string' || !format) return undefined;
  return format.replace(/yyyy/g, 'YYYY').replace(/yy/g, 'YY').replace(/dd/g, 'DD').replace(/\bd\b/g, 'D');
}

/** '/^1\d{10}$/i' -> { regex, flags }; a source without slashes is taken as is. */
function splitRegexLiteral(text: string): { regex: string; flags?: string } {
  const m = /^\/([\s\S]*)\/([a-z]*)$/.exec(text.trim());
  if (!m) return { regex: text };
  return m[2] ? { regex: m[1]!, flags: m[2] } : { regex: m[1]! };
}

const V1_SIZES: Record<string, FormSchema['size']> = { medium: 'middle', small: 'small', mini: 'small', large: 'large', default: 'middle' };
const V1_ACCEPT: Record<string, string[]> = {
  'image/*': ['image'],
  'video/*': ['video'],
  'audio/*': ['audio'],
  'text/plain': ['txt'],
  '.txt': ['txt'],
};

const num = (v: unknown): number | undefined => {
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))) return Number(v);
  return undefined;
};
const nonEmpty = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() !== '' ? v : undefined);

function v1Options(list: unknown, path: string, p: Problems, props: { label: string; value: string; children: string }): unknown {
  if (!Array.isArray(list)) return [];
  return list.map((o, i) => {
    if (!isObj(o)) {
      p.add(at(path, i), `must be { label, value }, not ${show(o)}`);
      return o;
    }
    const children = o[props.children];
    const value = o[props.value];
    return {
      label: { zh: String(o[props.label] ?? '') },
      value: typeof value === 'boolean' ? String(value) : value,
      ...(o.disabled === true ? { disabled: true } : {}),
      ...(Array.isArray(children) && children.length ? { children: v1Options(children, at(at(path, i), props.children), p, props) } : {}),
    };
  });
}

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

  if (config.layout === 'rowFormItem' || (tag === undefined && icon === 'row')) {
    out.kind = 'row';
    out.name = nonEmpty(config.componentName) ?? `row${id ?? ''}`;
    const gutter = num(item.gutter ?? config.gutter ?? form.gutter);
    if (gutter !== undefined) out.gutter = gutter;
    if (typeof item.justify === 'string' && item.justify !== 'start') out.justify = item.justify;
    if (typeof item.align === 'string' && item.align !== 'top') out.align = item.align;
    const children = config.children;
    out.children = Array.isArray(children) ? children.map((c, i) => v1Field(c, at(at(cpath, 'children'), i), p, form)).filter(Boolean) : [];
    return out;
  }
  if (tag === 'el-button') {
    out.kind = 'button';
    out.name = nonEmpty(item.__vModel__) ?? nonEmpty(config.componentName) ?? `button${id ?? ''}`;
    out.text = { zh: String(slot.default ?? item.default ?? label ?? '') || label || '按钮' };
    const type = typeof item.type === 'string' ? item.type : undefined;
    if (type && (FORM_BUTTON_TYPES as readonly string[]).includes(type)) out.buttonType = type;
    if (item.disabled === true) out.disabled = true;
    const buttonSize = typeof item.size === 'string' ? V1_SIZES[item.size] : undefined;
    if (buttonSize) out.size = buttonSize;
    const buttonIcon = formIconFromV1(item.icon);
    if (buttonIcon) out.icon = buttonIcon;
    return out;
  }
  if (tag === 'el-table') {
    out.kind = 'table';
    out.name = nonEmpty(config.componentName) ?? `table${id ?? ''}`;
    const children = Array.isArray(config.children) ? config.children : [];
    out.columns = children.filter(isObj).map((c) => ({ name: String(c.prop ?? ''), label: { zh: String(c.label ?? c.prop ?? '') } }));
    return out;
  }

  const name = item.__vModel__ ?? item.vModel;
  out.name = typeof name === 'string' ? name : name === undefined ? `field${id ?? ''}` : name;
  let kind: FormValueKind | undefined;
  switch (tag) {
    case 'el-input':
      kind = icon === 'textarea' || item.type === 'textarea' ? 'textarea' : icon === 'password' || item['show-password'] === true ? 'password' : 'text';
      break;
    case 'el-input-number':
      kind = 'number';
      break;
    case 'tinymce':
      kind = 'richText';
      break;
    case 'el-select':
      kind = 'select';
      break;
    case 'el-cascader':
      kind = 'cascader';
      break;
    case 'el-radio-group':
      kind = 'radio';
      break;
    case 'el-checkbox-group':
      kind = 'checkbox';
      break;
    case 'el-switch':
      kind = 'switch';
      break;
    case 'el-slider':
      kind = 'slider';
      break;
    case 'el-time-picker':
      kind = item['is-range'] === true || icon === 'time-range' ? 'timeRange' : 'time';
      break;
    case 'el-date-picker':
      kind = (typeof item.type === 'string' && item.type.endsWith('range')) || icon === 'date-range' ? 'dateRange' : 'date';
      break;
    case 'el-rate':
      kind = 'rate';
      break;
    case 'el-color-picker':
      kind = 'color';
      break;
    case 'el-upload':
      kind = 'upload';
      break;
    default:
      p.add(at(cpath, 'tag'), tag === undefined ? 'is required (the component, like el-input)' : `unknown component ${show(tag)}`);
      return undefined;
  }
  out.kind = kind;
  if (config.defaultValue !== undefined && config.defaultValue !== null) out.defaultValue = config.defaultValue;
  const placeholder = nonEmpty(item.placeholder);
  if (placeholder) out.placeholder = { zh: placeholder };
  // style width: a width other than the whole line is kept (issue 19 #11); anything else in style is canvas detail
  const width = isObj(item.style) && typeof item.style.width === 'string' ? item.style.width.trim() : '';
  if (width && width !== '100%' && FORM_WIDTH_PATTERN.test(width)) out.width = width;
  if (item.disabled === true) out.disabled = true;
  if (item.readonly === true) out.readonly = true;

  const rules: Obj = {};
  if (config.required === true) {
    rules.required = true;
    // form-generator's generated rule: the placeholder is the required message (SPEC.md §5 "Generated rules")
    if (placeholder && !BARE_PLACEHOLDERS.has(placeholder.trim()) && !Array.isArray(config.defaultValue)) rules.requiredMessage = { zh: placeholder };
  }
  const textual = kind === 'text' || kind === 'textarea' || kind === 'password';
  if (textual || kind === 'richText') {
    const max = num(item.maxlength);
    if (max !== undefined && max > 0) rules.maxLength = max;
  }
  if (Array.isArray(config.regList) && (textual || kind === 'number')) {
    const patterns = config.regList
      .filter((reg): reg is Obj => isObj(reg) && typeof reg.pattern === 'string' && reg.pattern.trim() !== '')
      .map((reg) => ({ ...splitRegexLiteral(reg.pattern as string), ...(nonEmpty(reg.message) ? { message: { zh: reg.message as string } } : {}) }));
    if (patterns.length) rules.patterns = patterns;
  }

  const optionProps = isObj(item.props) && isObj(item.props.props) ? item.props.props : {};
  const props = {
    label: nonEmpty(optionProps.label) ?? 'label',
    value: nonEmpty(optionProps.value) ?? 'value',
    children: nonEmpty(optionProps.children) ?? 'children',
  };
  if (kind === 'text' || kind === 'password') {
    // form-generator's prefix-icon / suffix-icon, when the Element UI name has a counterpart (else dropped)
    const prefix = formIconFromV1(item['prefix-icon']);
    const suffix = formIconFromV1(item['suffix-icon']);
    if (prefix) out.prefixIcon = prefix;
    if (suffix) out.suffixIcon = suffix;
  }
  switch (kind) {
    case 'text':
      if (nonEmpty(slot.prepend)) out.prepend = { zh: slot.prepend };
      if (nonEmpty(slot.append)) out.append = { zh: slot.append };
      if (item['show-word-limit'] === true) out.showCount = true;
      if (item.clearable === false) out.clearable = false;
      break;
    case 'textarea': {
      const rows = isObj(item.autosize) ? num(item.autosize.minRows) : undefined;
      if (rows !== undefined) out.rows = rows;
      if (item['show-word-limit'] === true) out.showCount = true;
      break;
    }
    case 'password':
      if (item['show-word-limit'] === true) out.showCount = true;
      break;
    case 'number': {
      for (const k of ['min', 'max'] as const) {
        const n = num(item[k]);
        if (n !== undefined) rules[k] = n;
      }
      const step = num(item.step);
      if (step !== undefined) out.step = step;
      const precision = num(item.precision);
      if (precision !== undefined) out.precision = precision;
      break;
    }
    case 'richText': {
      const height = num(item.height);
      if (height !== undefined) out.height = height;
      break;
    }
    case 'select':
    case 'cascader':
    case 'radio':
    case 'checkbox': {
      if (config.dataType === 'dynamic' && nonEmpty(config.url)) {
        // form-generator offered post, put and delete; options are read with the viewer's session: GET only
        if (typeof config.method === 'string' && config.method.toLowerCase() !== 'get') {
          p.add(at(cpath, 'method'), `options are read with GET only (reading them must change nothing), not ${show(config.method)}`);
        }
        out.options = {
          from: 'url',
          url: config.url,
          method: typeof config.method === 'string' ? config.method.toLowerCase() : 'get',
          ...(nonEmpty(config.dataPath) ? { dataPath: config.dataPath } : {}),
          ...(props.label !== 'label' ? { labelField: props.label } : {}),
          ...(props.value !== 'value' ? { valueField: props.value } : {}),
          ...(props.children !== 'children' ? { childrenField: props.children } : {}),
        };
      } else {
        const list = kind === 'cascader' ? (item.options ?? slot.options) : (slot.options ?? item.options);
        out.options = v1Options(list, kind === 'cascader' ? at(path, 'options') : at(path, '__slot__.options'), p, props);
      }
      if (kind === 'select' && item.multiple === true) out.multiple = true;
      if (kind === 'select' && item.filterable === true) out.filterable = true;
      if (kind === 'cascader') {
        if (optionProps.multiple === true) out.multiple = true;
        if (optionProps.checkStrictly === true) out.changeOnSelect = true;
        if (optionProps.emitPath === false) out.emitPath = false;
      }
      if ((kind === 'radio' || kind === 'checkbox') && config.border === true) out.border = true;
      if (kind === 'radio' && config.optionType === 'button') out.button = true;
      if (kind === 'checkbox') {
        for (const k of ['min', 'max'] as const) {
          const n = num(item[k]);
          if (n !== undefined && n > 0) rules[k] = n;
        }
      }
      break;
    }
    case 'switch':
      for (const [from, to] of [
        ['active-value', 'activeValue'],
        ['inactive-value', 'inactiveValue'],
      ] as const) {
        if (item[from] !== undefined && item[from] !== null && !(to === 'activeValue' ? item[from] === true : item[from] === false)) out[to] = item[from];
      }
      // a boolean default of a switch with its own values means those values
      if (typeof out.defaultValue === 'boolean') out.defaultValue = out.defaultValue ? (out.activeValue ?? true) : (out.inactiveValue ?? false);
      if (nonEmpty(item['active-text'])) out.activeText = { zh: item['active-text'] };
      if (nonEmpty(item['inactive-text'])) out.inactiveText = { zh: item['inactive-text'] };
      break;
    case 'slider':
      for (const k of ['min', 'max'] as const) {
        const n = num(item[k]);
        if (n !== undefined) rules[k] = n;
      }
      if (num(item.step) !== undefined) out.step = num(item.step);
      if (item.range === true) out.range = true;
      if (item['show-stops'] === true) out.showStops = true;
      break;
    case 'time':
    case 'timeRange': {
      const format = dayjsFormat(item['value-format'] ?? item.format);
      if (format && format !== FORM_TIME_FORMAT) out.format = format;
      if (kind === 'timeRange') {
        if (nonEmpty(item['start-placeholder'])) out.startPlaceholder = { zh: item['start-placeholder'] };
        if (nonEmpty(item['end-placeholder'])) out.endPlaceholder = { zh: item['end-placeholder'] };
      }
      break;
    }
    case 'date':
    case 'dateRange': {
      const t = typeof item.type === 'string' ? item.type.replace(/range$/, '') : 'date';
      const type = t === 'dates' ? 'date' : t;
      const allowed: readonly string[] = kind === 'date' ? FORM_DATE_TYPES : FORM_DATE_RANGE_TYPES;
      if (!allowed.includes(type)) p.add(at(path, 'type'), `date picker type ${show(item.type)} has no version 2 counterpart`);
      else if (type !== 'date') out.type = type;
      const format = dayjsFormat(item['value-format'] ?? item.format);
      const byType = FORM_DATE_FORMATS[(allowed.includes(type) ? type : 'date') as FormDateType];
      if (format && format !== byType) out.format = format;
      if (kind === 'dateRange') {
        if (nonEmpty(item['start-placeholder'])) out.startPlaceholder = { zh: item['start-placeholder'] };
        if (nonEmpty(item['end-placeholder'])) out.endPlaceholder = { zh: item['end-placeholder'] };
      }
      break;
    }
    case 'rate': {
      const count = num(item.max);
      if (count !== undefined && count !== 5) out.count = count;
      if (item['allow-half'] === true) out.allowHalf = true;
      if (item['show-text'] === true) out.showText = true;
      else if (item['show-score'] === true) out.showScore = true;
      break;
    }
    case 'color': {
      const f = typeof item['color-format'] === 'string' ? item['color-format'] : '';
      const format = f.startsWith('rgb') ? 'rgb' : f.startsWith('hs') ? 'hsb' : f === 'hex' ? 'hex' : undefined;
      if (format) out.format = format;
      if (item['show-alpha'] === true || f.endsWith('a')) out.alpha = true;
      break;
    }
    case 'upload': {
      const listType = item['list-type'];
      if (listType === 'picture' || listType === 'picture-card') out.listType = listType;
      if (item.multiple === true) out.multiple = true;
      const limit = num(item.limit);
      if (limit !== undefined && limit > 0) out.limit = limit;
      if (nonEmpty(config.buttonText)) out.buttonText = { zh: config.buttonText };
      if (config.showTip === true) out.showTip = true;
      // action and name come over only where they are an upload route of this server and a field it reads: a
      // form-generator default (a demo URL, the field `file`) leaves the server's own route and `files`
      const action = typeof item.action === 'string' && !formUploadActionProblem(item.action) ? item.action : FORM_UPLOAD_ACTION;
      if (action !== FORM_UPLOAD_ACTION) out.action = action;
      if (typeof item.name === 'string' && item.name !== FORM_UPLOAD_FIELD_NAME && !formUploadFieldNameProblem(action, item.name)) out.fieldName = item.name;
      if (item['auto-upload'] === false) out.autoUpload = false;
      const size = num(config.fileSize);
      if (size !== undefined && size > 0) {
        const unit = typeof config.sizeUnit === 'string' ? config.sizeUnit.toUpperCase() : 'MB';
        if ((FORM_SIZE_UNITS as readonly string[]).includes(unit)) rules.maxSize = { value: size, unit };
        else p.add(at(cpath, 'sizeUnit'), `must be one of ${FORM_SIZE_UNITS.join(', ')}, not ${show(config.sizeUnit)}`);
      }
      if (nonEmpty(item.accept)) {
        const accept: string[] = [];
        for (const part of (item.accept as string)
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)) {
          if (V1_ACCEPT[part]) accept.push(...V1_ACCEPT[part]!);
          else if (/^\.[A-Za-z0-9]{1,10}$/.test(part)) accept.push(part.toLowerCase());
          else p.add(at(path, 'accept'), `file type ${show(part)} has no version 2 counterpart`);
        }
        if (accept.length) rules.accept = [...new Set(accept)];
      }
      break;
    }
  }
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
