import type { FormOption, FormOptionsSource } from '../types.ts';
import { at, isObj, show } from '../parseReader.ts';
import { formRuleMessage } from '../messages.ts';
import type { FormColumnType, KindV1Context } from './descriptor.ts';
import { nonEmpty, v1Options } from './v1.ts';

// What the kinds that choose among options (select, cascader, radio, checkbox) share.

/** The values of a static option list (through children); undefined for options read from a table or a URL. */
export function staticOptionValues(options: FormOptionsSource): (string | number)[] | undefined {
  if (!Array.isArray(options)) return undefined;
  const out: (string | number)[] = [];
  const walk = (list: FormOption[]) => {
    for (const o of list) {
      out.push(o.value);
      if (o.children) walk(o.children);
    }
  };
  walk(options);
  return out;
}

/** One chosen value's column: int when every option value is an integer (table options by id too), else text as long as the longest. */
export function chosenColumn(options: FormOptionsSource): FormColumnType {
  const values = staticOptionValues(options);
  if (!values) {
    if (!Array.isArray(options) && options.from === 'table' && options.valueField === 'id') return { type: 'int' };
    return { type: 'nvarchar' };
  }
  if (values.length > 0 && values.every((v) => typeof v === 'number' && Number.isInteger(v))) return { type: 'int' };
  return { type: 'nvarchar', fits: values };
}

/** The chosen values must be options of a static list (options read elsewhere are not checked here). */
export function notAnOption(options: FormOptionsSource, chosen: unknown[], lang: string, title: string): string | undefined {
  const values = staticOptionValues(options);
  if (!values) return undefined;
  const known = new Set(values.map(String));
  return chosen.some((v) => !known.has(String(v))) ? formRuleMessage('notOption', lang, { title }) : undefined;
}

/** The value chosen, as a list. */
export const chosenList = (value: unknown): unknown[] => (Array.isArray(value) ? value : [value]);

/** form-generator's props.props: the names of an option's label, value and children, and cascader settings. */
export function v1OptionProps({ item }: KindV1Context) {
  const optionProps = isObj(item.props) && isObj(item.props.props) ? item.props.props : {};
  const props = {
    label: nonEmpty(optionProps.label) ?? 'label',
    value: nonEmpty(optionProps.value) ?? 'value',
    children: nonEmpty(optionProps.children) ?? 'children',
  };
  return { optionProps, props };
}

/** A version 1 option source: a URL (dataType dynamic) or the static list (from `list`, found at `listPath`). */
export function v1ChoiceOptions(c: KindV1Context, list: unknown, listPath: string) {
  const { config, cpath, p, out } = c;
  const { props } = v1OptionProps(c);
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
    out.options = v1Options(list, listPath, c.p, props);
  }
}

/** The static list of a select, radio or checkbox: in the slot, else on the component. */
export const v1SlotOptions = (c: KindV1Context) => v1ChoiceOptions(c, c.slot.options ?? c.item.options, at(c.path, '__slot__.options'));
