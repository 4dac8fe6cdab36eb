import {
  FORM_DATE_FORMATS,
  FORM_TIME_FORMAT,
  FORM_UPLOAD_ACTION,
  FORM_UPLOAD_FIELD_NAME,
  formAcceptExtensions,
  formRuleMessage,
  type FormCascaderField,
  type FormCodeNameKey,
  type FormCheckboxField,
  type FormIcon,
  type FormOption,
  type FormPasswordField,
  type FormRadioField,
  type FormSelectField,
  type FormTextField,
  type FormUploadField,
  type FormValueField,
} from '@qb/contracts';
import { endpoints } from '@qb/contracts/endpoints';
import { BLUR_KINDS } from './rules.ts';
import { codegenText, lit, rateTexts, textOf, type CodegenLanguage } from './texts.ts';

// The control of each value kind in a generated file (antd 6), and what its Form.Item needs around it.

export type Helper = 'options' | 'remote' | 'depends' | 'findPath' | 'date' | 'range' | 'upload' | 'linkage' | 'richText';

export interface EmitContext {
  lang: CodegenLanguage;
  /** the form has linkage: every item reads its state from `states` */
  linked: boolean;
  helpers: Set<Helper>;
  antd: Set<string>;
  icons: Set<string>;
  /** module-level constants (static options) */
  constants: string[];
  /** lines at the top of the component (dynamic options) */
  hooks: string[];
  /** fields whose values the component watches (linkage conditions, dependent dropdowns) */
  watched: Set<string>;
  /** the form's names in the file (表单名, 表单模型, 校验模型) */
  names: Record<FormCodeNameKey, string>;
  /** entries of the rules object, `name: [...],` */
  rules: string[];
  /** upload fields whose files are sent when the form is submitted (自动上传 off) */
  pendingUploads: { name: string; action: string; field: string }[];
  /** a free identifier from `base` (a field's constant that would meet another name of the file gets a trailing _) */
  declare(base: string): string;
}

type OptionField = FormSelectField | FormCascaderField | FormRadioField | FormCheckboxField;

const UNIT_BYTES = { KB: 1024, MB: 1024 * 1024, GB: 1024 * 1024 * 1024 } as const;

/** Attribute text: ` name={value}` when the value is given. */
const attr = (name: string, value: unknown): string =>
  value === undefined || value === null || value === false ? '' : value === true ? ` ${name}` : ` ${name}={${lit(value)}}`;

function optionLiteral(options: FormOption[], lang: CodegenLanguage): unknown[] {
  return options.map((o) => ({
    label: textOf(o.label, lang),
    value: o.value,
    ...(o.disabled ? { disabled: true } : {}),
    ...(o.children?.length ? { children: optionLiteral(o.children, lang) } : {}),
  }));
}

/** The expression of a field's options: a module constant, or a hook reading them from this server. */
function optionsExpr(field: OptionField, ctx: EmitContext): string {
  ctx.helpers.add('options');
  const id = ctx.declare(`${field.name}Options`);
  const source = field.options;
  if (Array.isArray(source)) {
    ctx.constants.push(`const ${id}: Option[] = ${lit(optionLiteral(source, ctx.lang))};`);
    return id;
  }
  ctx.helpers.add('remote');
  if (source.from === 'url') {
    const request = {
      url: source.url,
      method: source.method,
      dataPath: source.dataPath ?? 'data',
      labelField: source.labelField ?? 'label',
      valueField: source.valueField ?? 'value',
      childrenField: source.childrenField ?? 'children',
    };
    ctx.hooks.push(`const ${id} = useRemoteOptions(${lit(request)});`);
    return id;
  }
  const base = `${endpoints.select.url}?_flag=${encodeURIComponent(source.flag)}&page=1&row=${source.parentField ? 99999 : 9999}${source.sort ? `&sort=${encodeURIComponent(source.sort)}` : ''}&wheres=`;
  const request = {
    method: 'get',
    dataPath: 'data',
    labelField: source.labelField,
    valueField: source.valueField,
    childrenField: 'children',
    ...(source.parentField ? { parentField: source.parentField } : {}),
  };
  if (!source.dependsOn) {
    ctx.hooks.push(
      `const ${id} = useRemoteOptions({ url: ${lit(base + encodeURIComponent(JSON.stringify({ isdelete: 0 })))}, ...${lit(request)} } as OptionsRequest);`,
    );
    return id;
  }
  // a dependent dropdown: the rows whose column equals the other field's value (a cascader's last element)
  ctx.watched.add(source.dependsOn.field);
  ctx.helpers.add('depends');
  const dep = ctx.declare(`${field.name}Depends`);
  ctx.hooks.push(`const ${dep} = lastOf(watched[${lit(source.dependsOn.field)}]);`);
  ctx.hooks.push(
    `const ${id} = useRemoteOptions(${dep} === undefined || ${dep} === null || ${dep} === "" ? null : ({ url: ${lit(base)} + encodeURIComponent(JSON.stringify({ isdelete: 0, ${lit(source.dependsOn.whereField)}: ${dep} })), ...${lit(request)} } as OptionsRequest));`,
  );
  return id;
}

function dateFormatOf(field: FormValueField): string {
  if (field.kind === 'time' || field.kind === 'timeRange') return field.format ?? FORM_TIME_FORMAT;
  if (field.kind === 'date' || field.kind === 'dateRange') return field.format ?? FORM_DATE_FORMATS[field.type ?? 'date'];
  return '';
}

export interface FieldSource {
  /** extra Form.Item attributes (value conversions) */
  itemProps: string;
  control: string;
  /** shown under the control inside the Form.Item (upload tip) */
  extra?: string;
}

function uploadSource(field: FormUploadField, ctx: EmitContext, disabled: string): FieldSource {
  ctx.helpers.add('upload');
  ctx.antd.add('Upload').add('message');
  const rules = field.rules ?? {};
  const extensions = formAcceptExtensions(rules.accept);
  const acceptList = extensions.join(ctx.lang === 'en' ? ', ' : '、');
  const typeMessage = formRuleMessage('uploadType', ctx.lang, { accept: acceptList });
  const size = rules.maxSize;
  const sizeMessage = size ? formRuleMessage('uploadSize', ctx.lang, { size: size.value, unit: size.unit }) : '';
  const maxBytes = size ? size.value * UNIT_BYTES[size.unit] : 0;
  const listType = field.listType ?? 'text';
  const card = listType === 'picture-card';
  const icon = card ? 'PlusOutlined' : 'UploadOutlined';
  ctx.icons.add(icon);
  if (!card) ctx.antd.add('Button');
  const text = textOf(field.buttonText, ctx.lang) || codegenText(ctx.lang, 'upload');
  const trigger = card
    ? `<button type="button" style={{ border: 0, background: "none" }}><${icon} /><div style={{ marginTop: 8 }}>{${lit(text)}}</div></button>`
    : `<Button icon={<${icon} />}>{${lit(text)}}</Button>`;
  const action = field.action ?? FORM_UPLOAD_ACTION;
  const fieldName = field.fieldName ?? FORM_UPLOAD_FIELD_NAME;
  const check = `checkUpload(file, ${lit(extensions)}, ${maxBytes}, ${lit(typeMessage)}, ${lit(sizeMessage)})`;
  // 自动上传 off: a picked file stays in the list and is sent when the form is submitted (sendPendingUploads)
  const manual = field.autoUpload === false;
  if (manual) ctx.pendingUploads.push({ name: field.name, action, field: fieldName });
  const control =
    `<Upload${manual ? '' : ` action=${lit(action)} name=${lit(fieldName)} headers={uploadHeaders()}`} listType=${lit(listType)}` +
    `${attr('multiple', !!field.multiple)}${attr('maxCount', field.limit ?? (field.multiple ? undefined : 1))}` +
    `${extensions.length ? attr('accept', extensions.map((e) => `.${e}`).join(',')) : ''}${disabled}` +
    ` beforeUpload={(file) => ${manual ? `(${check} === true ? false : Upload.LIST_IGNORE)` : check}}>${trigger}</Upload>`;
  let extra: string | undefined;
  if (field.showTip && size) {
    extra = extensions.length
      ? codegenText(ctx.lang, 'uploadTip', { size: size.value, unit: size.unit, accept: acceptList })
      : codegenText(ctx.lang, 'uploadTipSize', { size: size.value, unit: size.unit });
  }
  return { itemProps: ' valuePropName="fileList" getValueFromEvent={fileListOf}', control, extra };
}

/** ` icon={<UserOutlined />}`: an icon attribute, its component imported from @ant-design/icons (names are FORM_ICONS). */
export function iconAttr(name: string, icon: FormIcon | undefined, ctx: EmitContext): string {
  if (!icon) return '';
  ctx.icons.add(icon);
  return ` ${name}={<${icon} />}`;
}

function iconAttrs(field: FormTextField | FormPasswordField, ctx: EmitContext): string {
  return `${iconAttr('prefix', field.prefixIcon, ctx)}${iconAttr('suffix', field.suffixIcon, ctx)}`;
}

/** The control of one value field; `disabled` is the attribute text (static or the linkage state). */
export function fieldSource(field: FormValueField, ctx: EmitContext, disabled: string): FieldSource {
  const { lang } = ctx;
  const placeholder = attr('placeholder', textOf(field.placeholder, lang) || undefined);
  const rules = field.rules ?? {};
  const readOnly = field.readonly ? ' readOnly' : '';
  const off = field.readonly && !BLUR_KINDS.has(field.kind) ? ' disabled' : disabled;
  const onBlur = BLUR_KINDS.has(field.kind) ? ' validateTrigger={["onChange", "onBlur"]}' : '';
  const width = ' style={{ width: "100%" }}';
  switch (field.kind) {
    case 'text': {
      ctx.antd.add('Input');
      const addons = `${attr('addonBefore', textOf(field.prepend, lang) || undefined)}${attr('addonAfter', textOf(field.append, lang) || undefined)}`;
      return {
        itemProps: onBlur,
        control: `<Input${placeholder}${attr('maxLength', rules.maxLength)}${attr('showCount', !!field.showCount && rules.maxLength !== undefined)}${attr('allowClear', field.clearable ?? true)}${addons}${iconAttrs(field, ctx)}${readOnly}${disabled} />`,
      };
    }
    case 'textarea':
      ctx.antd.add('Input');
      return {
        itemProps: onBlur,
        control: `<Input.TextArea rows={${field.rows ?? 4}}${placeholder}${attr('maxLength', rules.maxLength)}${attr('showCount', (field.showCount ?? true) && rules.maxLength !== undefined)}${readOnly}${disabled} />`,
      };
    case 'password':
      ctx.antd.add('Input');
      return {
        itemProps: onBlur,
        control: `<Input.Password autoComplete="new-password"${placeholder}${attr('maxLength', rules.maxLength)}${iconAttrs(field, ctx)}${readOnly}${disabled} />`,
      };
    case 'number':
      ctx.antd.add('InputNumber');
      return {
        itemProps: onBlur,
        control: `<InputNumber${attr('min', rules.min)}${attr('max', rules.max)} step={${field.step ?? 1}}${attr('precision', field.precision)}${placeholder}${readOnly}${disabled}${width} />`,
      };
    case 'richText':
      // a rich-text editor (tiptap, as the app's): the file imports @tiptap/react and @tiptap/starter-kit (docs/forms.md)
      ctx.helpers.add('richText');
      return { itemProps: onBlur, control: `<RichTextEditor height={${field.height ?? 300}}${field.readonly || field.disabled ? ' disabled' : ''} />` };
    case 'select':
      ctx.antd.add('Select');
      return {
        itemProps: '',
        control: `<Select options={${optionsExpr(field, ctx)}}${field.multiple ? ' mode="multiple"' : ''} allowClear${field.filterable || !Array.isArray(field.options) ? ' showSearch={{ optionFilterProp: "label" }}' : ''}${placeholder}${off} />`,
      };
    case 'cascader': {
      ctx.antd.add('Cascader');
      const options = optionsExpr(field, ctx);
      let itemProps = '';
      if (field.emitPath === false && !field.multiple) {
        ctx.helpers.add('findPath');
        itemProps = ` getValueProps={(value: unknown) => ({ value: value === undefined || value === null || value === "" ? undefined : (pathTo(${options}, value) ?? [value]) })} normalize={(path: unknown) => (Array.isArray(path) ? path[path.length - 1] : path)}`;
      }
      return {
        itemProps,
        control: `<Cascader options={${options}}${attr('multiple', !!field.multiple)}${attr('changeOnSelect', !!field.changeOnSelect)} allowClear${placeholder}${off}${width} />`,
      };
    }
    case 'radio':
      ctx.antd.add('Radio');
      return {
        itemProps: '',
        control: `<Radio.Group options={${optionsExpr(field, ctx)}}${field.button ? ' optionType="button" buttonStyle="solid"' : ''}${off} />`,
      };
    case 'checkbox':
      ctx.antd.add('Checkbox');
      return { itemProps: '', control: `<Checkbox.Group options={${optionsExpr(field, ctx)}}${off} />` };
    case 'switch': {
      ctx.antd.add('Switch');
      const on = lit(field.activeValue ?? true);
      const offValue = lit(field.inactiveValue ?? false);
      return {
        itemProps: ` getValueProps={(value: unknown) => ({ checked: value === ${on} })} getValueFromEvent={(checked: boolean) => (checked ? ${on} : ${offValue})}`,
        control: `<Switch${attr('checkedChildren', textOf(field.activeText, lang) || undefined)}${attr('unCheckedChildren', textOf(field.inactiveText, lang) || undefined)}${off} />`,
      };
    }
    case 'slider':
      ctx.antd.add('Slider');
      return {
        itemProps: '',
        control: `<Slider min={${rules.min ?? 0}} max={${rules.max ?? 100}} step={${field.step ?? 1}}${attr('range', !!field.range)}${attr('dots', !!field.showStops)}${off} />`,
      };
    case 'time':
      ctx.helpers.add('date');
      ctx.antd.add('TimePicker');
      return {
        itemProps: ` {...dateItemProps(${lit(dateFormatOf(field))})}`,
        control: `<TimePicker format=${lit(dateFormatOf(field))}${placeholder}${off}${width} />`,
      };
    case 'timeRange': {
      ctx.helpers.add('range');
      ctx.antd.add('TimePicker');
      const holders = [textOf(field.startPlaceholder, lang), textOf(field.endPlaceholder, lang)];
      return {
        itemProps: ` {...rangeItemProps(${lit(dateFormatOf(field))})}`,
        control: `<TimePicker.RangePicker format=${lit(dateFormatOf(field))}${holders.some(Boolean) ? ` placeholder={${lit(holders)}}` : ''}${off}${width} />`,
      };
    }
    case 'date': {
      ctx.helpers.add('date');
      ctx.antd.add('DatePicker');
      const type = field.type ?? 'date';
      const picker = type === 'week' || type === 'month' || type === 'year' ? ` picker="${type}"` : '';
      return {
        itemProps: ` {...dateItemProps(${lit(dateFormatOf(field))}${type === 'week' ? ', true' : ''})}`,
        control: `<DatePicker${picker}${type === 'datetime' ? ' showTime' : ''}${type === 'week' ? '' : ` format=${lit(dateFormatOf(field))}`}${placeholder}${off}${width} />`,
      };
    }
    case 'dateRange': {
      ctx.helpers.add('range');
      ctx.antd.add('DatePicker');
      const type = field.type ?? 'date';
      const holders = [textOf(field.startPlaceholder, lang), textOf(field.endPlaceholder, lang)];
      return {
        itemProps: ` {...rangeItemProps(${lit(dateFormatOf(field))})}`,
        control: `<DatePicker.RangePicker${type === 'month' ? ' picker="month"' : ''}${type === 'datetime' ? ' showTime' : ''} format=${lit(dateFormatOf(field))}${holders.some(Boolean) ? ` placeholder={${lit(holders)}}` : ''}${off}${width} />`,
      };
    }
    case 'rate':
      ctx.antd.add('Rate');
      return {
        itemProps: '',
        control: `<Rate count={${field.count ?? 5}}${attr('allowHalf', !!field.allowHalf)}${field.showText && (field.count ?? 5) === 5 ? ` tooltips={${lit(rateTexts(lang))}}` : ''}${off} />`,
      };
    case 'color': {
      ctx.antd.add('ColorPicker');
      const format = field.format ?? 'hex';
      const method = format === 'rgb' ? 'toRgbString' : format === 'hsb' ? 'toHsbString' : 'toHexString';
      return {
        itemProps: ` getValueFromEvent={(color: { ${method}(): string }) => color.${method}()}`,
        control: `<ColorPicker format=${lit(format)}${attr('disabledAlpha', !field.alpha)} showText${off} />`,
      };
    }
    case 'upload':
      return uploadSource(field, ctx, off);
  }
}
