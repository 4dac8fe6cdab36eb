import type { FormCodeNameKey, FormIcon, FormOption, FormOptionsSource, FormFieldOf, FormRules } from '@qb/contracts';
import { endpoints } from '@qb/contracts/endpoints';
import { lit, textOf, type CodegenLanguage } from './codeTexts.ts';

// What the kinds' code facets share (kinds/<kind>/code.ts): the emitter's context, attribute text, option
// expressions and icons. Reached from the code generator only (designer/codegen/emit.ts, loaded lazily).

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

/** What the emitter works out for every value field, handed to its kind's source. */
export interface FieldParts {
  /** ` placeholder={…}` or '' */
  placeholder: string;
  rules: FormRules;
  /** ' readOnly' or '' */
  readOnly: string;
  /** the disabled attribute (static or the linkage state) */
  disabled: string;
  /** the disabled attribute of a chosen kind (read-only is disabled) */
  off: string;
  /** a typed kind's validateTrigger */
  onBlur: string;
  /** ' style={{ width: "100%" }}' */
  width: string;
}

export interface FieldSource {
  /** extra Form.Item attributes (value conversions) */
  itemProps: string;
  control: string;
  /** shown under the control inside the Form.Item (upload tip) */
  extra?: string;
}

/** Attribute text: ` name={value}` when the value is given. */
export const attr = (name: string, value: unknown): string =>
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
export function optionsExpr(field: { name: string; options: FormOptionsSource }, ctx: EmitContext): string {
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

/** ` icon={<UserOutlined />}`: an icon attribute, its component imported from @ant-design/icons (names are FORM_ICONS). */
export function iconAttr(name: string, icon: FormIcon | undefined, ctx: EmitContext): string {
  if (!icon) return '';
  ctx.icons.add(icon);
  return ` ${name}={<${icon} />}`;
}

/** ` prefix={…} suffix={…}`: an input's icons. */
export function iconAttrs(field: FormFieldOf<'text' | 'password'>, ctx: EmitContext): string {
  return `${iconAttr('prefix', field.prefixIcon, ctx)}${iconAttr('suffix', field.suffixIcon, ctx)}`;
}

/** What the code generator knows of a kind (kinds/<kind>/code.ts; loaded with the generator only). */
export interface WebKindCode<F extends { kind: string } = { kind: string }> {
  kind: F['kind'];
  /** value kinds: its type in the file's FormValues (default string) */
  valueType?(field: F): string;
  /** value kinds: its control, and what its Form.Item needs around it */
  source?(field: F, ctx: EmitContext, parts: FieldParts): FieldSource;
  /** the value is a list for the required message (请至少选择一个…) and the required rule's type */
  list?(field: F): boolean;
  /** the required rule's type when the value is not a list (default none) */
  requiredType?: 'array' | 'number';
  /** min / max are a number rule of their own (a slider's bound its control instead) */
  numberRule?: true;
  /** the value of a new record as the file's initialValues hold it */
  initialValue?(value: unknown): unknown;
  /** layout kinds: the whole column (`<Col …>`) */
  column?(item: F, ctx: EmitContext, parts: LayoutParts): string;
  /** layout kinds: it is disabled on its own (a button) */
  disables?(item: F): boolean;
}

/** What the emitter works out for a layout item's column. */
export interface LayoutParts {
  span: number;
  /** ` label={…}` or '' */
  labelAttr: string;
  /** ` labelCol={…}` or '' */
  labelCol: string;
  /** `states["name"]` (linked forms) */
  state: string;
  /** the form's gutter */
  gutter: number | undefined;
  /** the source of nested items */
  children(items: readonly unknown[]): string;
}
