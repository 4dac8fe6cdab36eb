import { formTextIn, type FormText } from '@qb/contracts';

// Texts written INTO generated files (not shown by this app): the generated file speaks the language chosen
// when it was generated. SPEC.md §5's designer messages are verbatim in Chinese.

export type CodegenLanguage = 'zh' | 'en';

const TEXTS = {
  zh: {
    requiredEmpty: '{label}不能为空',
    requiredArray: '请至少选择一个{label}',
    submit: '提交',
    reset: '重置',
    dialogTitle: '表单',
    uploadTip: '只能上传不超过 {size}{unit} 的{accept}文件',
    uploadTipSize: '只能上传不超过 {size}{unit} 的文件',
    upload: '点击上传',
    uploadFailed: '上传失败',
    rates: ['极差', '失望', '一般', '满意', '惊喜'],
  },
  en: {
    requiredEmpty: '{label} is required',
    requiredArray: 'Please choose at least one {label}',
    submit: 'Submit',
    reset: 'Reset',
    dialogTitle: 'Form',
    uploadTip: 'Files of type {accept} up to {size} {unit}',
    uploadTipSize: 'Files up to {size} {unit}',
    upload: 'Upload',
    uploadFailed: 'Upload failed',
    rates: ['Terrible', 'Disappointing', 'Average', 'Good', 'Wonderful'],
  },
} as const;

export type CodegenTextKey = Exclude<keyof (typeof TEXTS)['zh'], 'rates'>;

export function codegenText(lang: CodegenLanguage, key: CodegenTextKey, params: Record<string, string | number> = {}): string {
  return TEXTS[lang][key].replace(/\{(\w+)\}/g, (all, name: string) => (name in params ? String(params[name]) : all));
}

export function rateTexts(lang: CodegenLanguage): readonly string[] {
  return TEXTS[lang].rates;
}

/** A schema text in the generated file's language (a missing English falls back to the Chinese). */
export function textOf(text: FormText | undefined, lang: CodegenLanguage): string {
  return formTextIn(text, lang);
}

/** Every text reaches the generated source as a JSON string literal: quotes, backticks, `${`, `*\/`, newlines stay text. */
export const lit = (value: unknown): string => JSON.stringify(value) ?? 'undefined';
