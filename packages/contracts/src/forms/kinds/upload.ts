import {
  FORM_SIZE_UNITS,
  FORM_UPLOAD_ACCEPTS,
  FORM_UPLOAD_ACTION,
  FORM_UPLOAD_FIELD_NAME,
  type FormSizeUnit,
  type FormText,
  type FormUploadAccept,
} from '../types.ts';
import { formLanguageOf, formRuleMessage } from '../messages.ts';
import { formUploadActionProblem, formUploadFieldNameProblem } from '../optionUrls.ts';
import { at, show } from '../parseReader.ts';
import type { FormValueBase, KindReadContext, ValueKindDescriptor } from './descriptor.ts';
import { chosenShape } from './shared.ts';
import { nonEmpty, num } from './v1.ts';

export interface FormUploadField extends FormValueBase {
  kind: 'upload';
  /** picture and picture-card take images only */
  listType?: 'text' | 'picture' | 'picture-card';
  /** the value is a list of paths */
  multiple?: boolean;
  limit?: number;
  buttonText?: FormText;
  /** show the accepted types and size under the control */
  showTip?: boolean;
  /** 上传地址: a route of FORM_UPLOAD_ROUTES, default FORM_UPLOAD_ACTION */
  action?: string;
  /** 文件字段名: the multipart field, one that the route reads (FORM_UPLOAD_ROUTES), default FORM_UPLOAD_FIELD_NAME */
  fieldName?: string;
  /** 自动上传, default true; false: a picked file is kept in the form and sent when the form is submitted */
  autoUpload?: boolean;
}

const UNIT_BYTES: Record<FormSizeUnit, number> = { KB: 1024, MB: 1024 * 1024, GB: 1024 * 1024 * 1024 };

/** Extensions (lower case, no dot) an accept list allows; an empty list allows any. */
export function formAcceptExtensions(accept: readonly string[] | undefined): string[] {
  const out = new Set<string>();
  for (const a of accept ?? []) {
    if (a in FORM_UPLOAD_ACCEPTS) for (const e of FORM_UPLOAD_ACCEPTS[a as FormUploadAccept]) out.add(e);
    else if (a.startsWith('.')) out.add(a.slice(1).toLowerCase());
  }
  return [...out];
}

function acceptText(accept: readonly string[], lang: string): string {
  return formAcceptExtensions(accept).join(formLanguageOf(lang) === 'en' ? ', ' : '、');
}

function extensionOfPath(path: string): string {
  const name = path.split(/[?#]/)[0]!.split('/').pop() ?? '';
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

/** The check of a picked file before it is uploaded: its type, then its size; the message, or undefined when it may go. */
export function checkFormUploadFile(field: Pick<FormUploadField, 'rules'>, file: { name: string; size: number }, lang: string): string | undefined {
  const accept = field.rules?.accept;
  const allowed = formAcceptExtensions(accept);
  if (allowed.length > 0 && !allowed.includes(extensionOfPath(file.name))) return formRuleMessage('uploadType', lang, { accept: acceptText(accept!, lang) });
  const max = field.rules?.maxSize;
  if (max && !(file.size / UNIT_BYTES[max.unit] < max.value)) return formRuleMessage('uploadSize', lang, { size: max.value, unit: max.unit });
  return undefined;
}

/** 上传地址 and 文件字段名 within FORM_UPLOAD_ROUTES (a stored form never sends a viewer's files elsewhere), 自动上传. */
function readUploadTarget({ r, put }: KindReadContext) {
  const action = r.str('action', { what: 'an upload route of this server' });
  const actionProblem = action === undefined ? undefined : formUploadActionProblem(action);
  if (actionProblem) r.p.add(at(r.path, 'action'), `${actionProblem}, not ${show(action)}`);
  else put('action', action);
  const fieldName = r.str('fieldName', { what: 'a multipart field name' });
  const route = actionProblem ? undefined : (action ?? FORM_UPLOAD_ACTION);
  if (fieldName !== undefined && route !== undefined) {
    const problem = formUploadFieldNameProblem(route, fieldName);
    if (problem) r.p.add(at(r.path, 'fieldName'), `${problem}, not ${show(fieldName)}`);
    else put('fieldName', fieldName);
  }
  put('autoUpload', r.bool('autoUpload'));
}

const V1_ACCEPT: Record<string, string[]> = {
  'image/*': ['image'],
  'video/*': ['video'],
  'audio/*': ['audio'],
  'text/plain': ['txt'],
  '.txt': ['txt'],
};

/** A file (its path after upload), or a list of them (multiple). */
export const uploadKind: ValueKindDescriptor<FormUploadField> = {
  kind: 'upload',
  title: { zh: '上传', en: 'Upload' },
  layout: false,
  keys: ['listType', 'multiple', 'limit', 'buttonText', 'showTip', 'action', 'fieldName', 'autoUpload'],
  read(c) {
    const { r, put } = c;
    put('listType', r.oneOf('listType', ['text', 'picture', 'picture-card'] as const));
    put('multiple', r.bool('multiple'));
    put('limit', r.num('limit', 1, 100, true));
    put('buttonText', r.text('buttonText'));
    put('showTip', r.bool('showTip'));
    readUploadTarget(c);
  },
  v1: {
    matches: (c) => c.tag === 'el-upload',
    read({ item, config, cpath, path, p, out, rules }) {
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
    },
  },
  message: 'upload',
  rules: ['accept', 'maxSize'],
  shape: (field, value) => chosenShape(!!field.multiple, value),
  check(field, value, lang, title) {
    const rules = field.rules ?? {};
    const paths = Array.isArray(value) ? (value as string[]) : [value as string];
    const allowed = formAcceptExtensions(rules.accept);
    if (allowed.length > 0 && paths.some((p) => !allowed.includes(extensionOfPath(p))))
      return formRuleMessage('uploadType', lang, { accept: acceptText(rules.accept!, lang) });
    if (field.limit !== undefined && paths.length > field.limit) return formRuleMessage('maxCount', lang, { title, max: field.limit });
    return undefined;
  },
  column: (field) => (field.multiple ? { type: 'ntext' } : { type: 'nvarchar', length: 500 }),
  listValued: (field) => !!field.multiple,
};

declare module './descriptor.ts' {
  interface FormKindDescriptors {
    upload: typeof uploadKind;
  }
}
