import type { Rule } from 'antd/es/form';
import type { TFunction } from 'i18next';
import { isFilled } from './options.ts';
import type { FieldDef, FieldKind } from './types.ts';

export type MessageKind = 'enter' | 'select' | 'upload';

/** SPEC.md §5: 请输入 for what is typed, 请选择 for what is chosen, 请上传 for files and images. */
export function messageKindOf(kind: FieldKind): MessageKind {
  switch (kind) {
    case 'input':
    case 'textarea':
    case 'editor':
    case 'number':
    case 'money':
      return 'enter';
    case 'image':
    case 'file':
      return 'upload';
    default:
      return 'select';
  }
}

export function requiredMessage(kind: MessageKind, title: string, t: TFunction): string {
  return t(kind === 'enter' ? 'crud.enter' : kind === 'select' ? 'crud.choose' : 'crud.uploadRequired', { title });
}

const isEmptyHtml = (html: string) => html.replace(/<[^>]*>/g, '').replace(/&nbsp;/g, ' ').trim() === '' && !/<img/i.test(html);

/** The rules of a field: its own rules when it has them, otherwise a required rule with the message of its kind. */
export function rulesOf(field: FieldDef, kind: FieldKind, required: boolean, t: TFunction): Rule[] {
  const own = field.form ? field.form.rules : undefined;
  if (own) return own;
  if (!required) return [];
  const message = requiredMessage((field.form && field.form.messageKind) || messageKindOf(kind), t(field.titleKey), t);
  if (kind === 'editor') {
    // an emptied editor still holds <p></p>
    return [{ required: true, validator: (_, v) => (typeof v === 'string' && !isEmptyHtml(v) ? Promise.resolve() : Promise.reject(new Error(message))), message }];
  }
  // the validator checks the value's type too: texts are strings, lists are arrays, the rest may be numbers or strings
  if (kind === 'input' || kind === 'textarea') return [{ required: true, message, type: 'string', whitespace: true }];
  if (kind === 'checkbox' || kind === 'cascader' || field.list) return [{ required: true, message, type: 'array' }];
  return [{ required: true, message, validator: (_, v) => (isFilled(v) ? Promise.resolve() : Promise.reject(new Error(message))) }];
}
