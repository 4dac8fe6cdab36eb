import type { FormLanguage, FormText } from './types.ts';

// The messages of the rules in both languages, and the texts of a schema in one language.

/**
 * Rule messages, `{name}` placeholders. enter / select / upload are SPEC.md §5's generic texts, the same as the
 * web app's crud.enter / crud.choose / crud.uploadRequired (a test keeps them equal); uploadSize and uploadType
 * are SPEC.md §5's designer texts.
 */
export const FORM_RULE_MESSAGES = {
  zh: {
    enter: '请输入{title}',
    select: '请选择{title}',
    upload: '请上传{title}',
    minLength: '{title}不能少于{min}个字符',
    maxLength: '{title}不能超过{max}个字符',
    lengthBetween: '{title}长度在 {min} 到 {max} 个字符',
    min: '{title}不能小于{min}',
    max: '{title}不能大于{max}',
    between: '{title}必须在{min}到{max}之间',
    minCount: '{title}至少选择{min}项',
    maxCount: '{title}最多选择{max}项',
    pattern: '{title}格式不正确',
    patternTooLong: '{title}过长，无法按格式规则校验（最多{max}个字符）',
    patternUnsupported: '{title}的格式规则无法校验，请联系管理员修改表单',
    patternsTooLong: '按格式规则校验的内容合计过长，请缩短{title}',
    notText: '{title}必须是文字',
    notNumber: '{title}必须是数字',
    notOption: '{title}的值不在可选项中',
    badValue: '{title}的值不正确',
    uploadType: '应该选择{accept}类型的文件',
    uploadSize: '文件大小超过 {size}{unit}',
  },
  en: {
    enter: 'Please enter {title}',
    select: 'Please select {title}',
    upload: 'Please upload {title}',
    minLength: '{title} must be at least {min} characters',
    maxLength: '{title} must be at most {max} characters',
    lengthBetween: '{title} must be {min} to {max} characters long',
    min: '{title} must be at least {min}',
    max: '{title} must be at most {max}',
    between: '{title} must be between {min} and {max}',
    minCount: 'Choose at least {min} for {title}',
    maxCount: 'Choose at most {max} for {title}',
    pattern: '{title} is not in the right format',
    patternTooLong: '{title} is too long to check against its format (at most {max} characters)',
    patternUnsupported: 'The format rule of {title} cannot be checked; ask an administrator to change the form',
    patternsTooLong: 'The values checked against format rules are too long together; shorten {title}',
    notText: '{title} must be text',
    notNumber: '{title} must be a number',
    notOption: '{title} is not one of the options',
    badValue: '{title} has a value of the wrong kind',
    uploadType: 'Please choose a file of type {accept}',
    uploadSize: 'The file is larger than {size} {unit}',
  },
} as const;
export type FormRuleMessageKey = keyof (typeof FORM_RULE_MESSAGES)['zh'];

export function formLanguageOf(lang: string | undefined): FormLanguage {
  return typeof lang === 'string' && lang.toLowerCase().startsWith('en') ? 'en' : 'zh';
}

/** The text in `lang`; a missing English shows the Chinese. */
export function formTextIn(text: FormText | undefined, lang: string): string {
  if (!text) return '';
  return formLanguageOf(lang) === 'en' && text.en ? text.en : text.zh;
}

export function formRuleMessage(key: FormRuleMessageKey, lang: string, params: Record<string, string | number> = {}): string {
  return FORM_RULE_MESSAGES[formLanguageOf(lang)][key].replace(/\{(\w+)\}/g, (all, name: string) => (name in params ? String(params[name]) : all));
}

/** An own message in `lang`; without that language, the generic message (English readers get English). */
export function ownMessage(text: FormText | undefined, lang: string): string | undefined {
  if (!text) return undefined;
  return formLanguageOf(lang) === 'en' ? text.en || undefined : text.zh || undefined;
}
