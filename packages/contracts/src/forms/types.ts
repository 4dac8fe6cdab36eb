/**
 * The form schema: one JSON description of a form that the generic add/edit dialog, the form designer's
 * preview and the server's save check all read (docs/forms.md is the full description).
 *
 *   { "version": 2, "labelWidth": 100, "labelPosition": "right", "size": "middle", "gutter": 15,
 *     "disabled": false, "span": 24, "buttons": false,
 *     "fields": [ { "kind": "text", "name": "mobile", "label": { "zh": "手机号", "en": "Mobile" },
 *                   "rules": { "required": true, "maxLength": 11,
 *                              "patterns": [{ "regex": "^1(3|4|5|7|8|9)\\d{9}$", "message": { "zh": "手机号格式错误" } }] } } ] }
 *
 * Everything here is plain data and pure functions (no React, no DOM), so the server validates a save with
 * the very rules the browser showed. `parseFormSchema` names every bad input by its path; `migrateFormSchema`
 * also upgrades version 1, the JSON of the Vue form designer (form-generator) that SPEC.md §3 describes.
 *
 * This folder: types.ts (the schema's types and constants), kinds/ (one descriptor per field kind), messages.ts, states.ts (walking, linkage), rules.ts
 * (rule evaluation), parse*.ts (version 2 parser), migrateV1.ts; index.ts re-exports the public names.
 */

import { IMAGE_EXTENSIONS } from '../core/entities.ts';
import type { FormField } from './kinds/index.ts';

export const FORM_SCHEMA_VERSION = 2 as const;

/** The languages of the product; 'zh-CN' / 'en-US' (i18next) are accepted wherever a language is asked for. */
export type FormLanguage = 'zh' | 'en';

/** A text in both languages; English may be missing (then labels show the Chinese, messages the generic English). */
export interface FormText {
  zh: string;
  en?: string;
}

/**
 * The field kinds are descriptors, one file each in kinds/ (kinds/index.ts lists them): FORM_FIELD_KINDS, the field
 * types and the union FormField come from them; one kind's field is FormFieldOf<'text'>.
 */
export type { FormField, FormValueField, FormLayoutField, FormFieldKind, FormValueKind, FormLayoutKind, FormFieldOf } from './kinds/index.ts';

export type FormScalar = string | number | boolean;

/** SPEC.md §9: upload limits in KB, MB or GB (default 2 MB in the designer). */
export const FORM_SIZE_UNITS = ['KB', 'MB', 'GB'] as const;
export type FormSizeUnit = (typeof FORM_SIZE_UNITS)[number];

/** SPEC.md §9's accept choices and their extensions; an `accept` entry is one of these names or an extension ('.pdf'). */
export const FORM_UPLOAD_ACCEPTS = {
  image: IMAGE_EXTENSIONS,
  video: ['mp4', 'webm', 'ogg', 'mov'],
  audio: ['mp3', 'wav', 'ogg', 'm4a'],
  excel: ['xls', 'xlsx'],
  word: ['doc', 'docx'],
  pdf: ['pdf'],
  txt: ['txt'],
} as const;
export type FormUploadAccept = keyof typeof FORM_UPLOAD_ACCEPTS;

/**
 * The upload route of a field that names none (multipart, field `files`). A schema may name another route only among
 * FORM_UPLOAD_ROUTES (optionUrls.ts): the file goes with the viewer's session.
 */
export const FORM_UPLOAD_ACTION = '/api/action/upload/';
/** The multipart field of a field that names none. */
export const FORM_UPLOAD_FIELD_NAME = 'files';

export interface FormPatternRule {
  /** the source of a JavaScript regular expression, without slashes */
  regex: string;
  /** any of g, i, m, s, u, y (g and y are ignored when testing) */
  flags?: string;
  message?: FormText;
}

/**
 * Validation as data. What applies depends on the kind: lengths and patterns to typed text, min/max to numbers,
 * sliders and to how many items a list (checkbox, multiple select) holds, accept/maxSize to uploads.
 */
export interface FormRules {
  required?: boolean;
  /** replaces the generic 请输入 / 请选择 / 请上传 message */
  requiredMessage?: FormText;
  minLength?: number;
  maxLength?: number;
  patterns?: FormPatternRule[];
  min?: number;
  max?: number;
  accept?: string[];
  maxSize?: { value: number; unit: FormSizeUnit };
}

export const FORM_LINKAGE_OPS = ['filled', 'empty', 'equals', 'in'] as const;
export type FormLinkageOp = (typeof FORM_LINKAGE_OPS)[number];
export const FORM_LINKAGE_EFFECTS = ['show', 'hide', 'require', 'disable'] as const;
export type FormLinkageEffect = (typeof FORM_LINKAGE_EFFECTS)[number];

/**
 * "When field X is filled / empty / equals v / is one of [..], then show / hide / require / disable this field."
 * A field with show rules is hidden unless one holds; any hide rule that holds hides it. A hidden field is not
 * validated, and counts as empty in the conditions of others.
 */
export interface FormLinkage {
  when: { field: string; op: FormLinkageOp; value?: FormScalar | FormScalar[] };
  then: FormLinkageEffect;
}

export interface FormOption {
  label: FormText;
  value: string | number;
  disabled?: boolean;
  children?: FormOption[];
}

/** Options read from a table of the registry through GET /api/select/ (a tree when parentField is given). */
export interface FormTableOptions {
  from: 'table';
  flag: string;
  valueField: string;
  labelField: string;
  parentField?: string;
  sort?: string;
  /** a dependent dropdown: the rows whose `whereField` equals the value of form field `field` */
  dependsOn?: { field: string; whereField: string };
}

/** Options read from a call of this server (a path: the browser may talk to its own origin only); `dataPath` is read in the answer's envelope, default `data`. */
export interface FormUrlOptions {
  from: 'url';
  url: string;
  /** only GET: options are read with the viewer's session, so reading must change nothing (FORM_OPTION_METHODS) */
  method: 'get';
  dataPath?: string;
  /** defaults: label, value, children */
  labelField?: string;
  valueField?: string;
  childrenField?: string;
}

export type FormOptionsSource = FormOption[] | FormTableOptions | FormUrlOptions;

/** A control's width (form-generator's style width): px or % of its line, e.g. "240px", "50%". */
export const FORM_WIDTH_PATTERN = /^(?:[1-9]\d{0,3}(?:\.\d{1,2})?px|(?:[1-9]\d?(?:\.\d{1,2})?|100)%)$/;

/**
 * Icons a text, password or button may show (`prefixIcon`, `suffixIcon`, `icon`): antd icon names, the list the
 * menu page's icon picker offers (web/src/app/menuIcons.tsx; a web test keeps the two equal).
 */
export const FORM_ICONS = [
  'HomeOutlined',
  'AppstoreOutlined',
  'SettingOutlined',
  'ToolOutlined',
  'LockOutlined',
  'TeamOutlined',
  'UserOutlined',
  'MenuOutlined',
  'DatabaseOutlined',
  'ApiOutlined',
  'TableOutlined',
  'FormOutlined',
  'FileTextOutlined',
  'QuestionCircleOutlined',
  'BookOutlined',
  'DollarOutlined',
  'WalletOutlined',
  'ScheduleOutlined',
  'CalendarOutlined',
  'ClusterOutlined',
  'BarChartOutlined',
  'BellOutlined',
  'CloudOutlined',
  'GlobalOutlined',
  'LinkOutlined',
  'PictureOutlined',
  'ShopOutlined',
  'TagsOutlined',
  'TrophyOutlined',
  'AccountBookOutlined',
  'AuditOutlined',
  'IdcardOutlined',
  'KeyOutlined',
  'LoginOutlined',
  'ProfileOutlined',
  'ReadOutlined',
  'SafetyOutlined',
  'SolutionOutlined',
  'UnorderedListOutlined',
  'UserSwitchOutlined',
] as const;
export type FormIcon = (typeof FORM_ICONS)[number];

export const FORM_DATE_TYPES = ['date', 'week', 'month', 'year', 'datetime'] as const;
export type FormDateType = (typeof FORM_DATE_TYPES)[number];
export const FORM_DATE_RANGE_TYPES = ['date', 'month', 'datetime'] as const;
export type FormDateRangeType = (typeof FORM_DATE_RANGE_TYPES)[number];
export const FORM_BUTTON_TYPES = ['default', 'primary', 'success', 'warning', 'danger', 'info', 'text'] as const;
export interface FormSchema {
  version: typeof FORM_SCHEMA_VERSION;
  /** px, default 100 (SPEC.md §9) */
  labelWidth?: number;
  labelPosition?: 'left' | 'right' | 'top';
  size?: 'large' | 'middle' | 'small';
  /** px between grid columns, default 15 */
  gutter?: number;
  disabled?: boolean;
  /** default span of a field, default 24 */
  span?: number;
  /** submit and reset buttons under the fields (the designer's formBtns) */
  buttons?: boolean;
  /** the designer's canvas draws a border around the items not selected (form-generator's; default true) */
  unFocusedComponentBorder?: boolean;
  /** 表单名: the form instance's name in generated code (codeNames.ts; default `form`) */
  formRef?: string;
  /** 表单模型: the name of the generated file's initial values (default `INITIAL_VALUES`) */
  formModel?: string;
  /** 校验模型: the name of the generated file's rules object (default `FORM_RULES`) */
  formRules?: string;
  fields: FormField[];
}

/** Value formats of the pickers by type (SPEC.md §4: a week is stored as a date). */
export const FORM_DATE_FORMATS: Record<FormDateType, string> = {
  date: 'YYYY-MM-DD',
  week: 'YYYY-MM-DD',
  month: 'YYYY-MM',
  year: 'YYYY',
  datetime: 'YYYY-MM-DD HH:mm:ss',
};
export const FORM_TIME_FORMAT = 'HH:mm:ss';
