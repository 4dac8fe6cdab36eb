/**
 * The form schema (docs/forms.md): its types, messages, linkage, rule evaluation, the version 2 parser and the
 * version 1 migration. Only these names are public; the files share a few helpers besides.
 */
export * from './types.ts';
export {
  FORM_KIND_DESCRIPTORS,
  FORM_FIELD_KINDS,
  FORM_LAYOUT_KINDS,
  formKindDescriptor,
  formValueKind,
  isFormValueKind,
  formMessageKindOf,
  formAcceptExtensions,
  checkFormUploadFile,
  type FieldKindDescriptor,
  type ValueKindDescriptor,
  type LayoutKindDescriptor,
  type FormColumnType,
} from './kinds/index.ts';
export { FORM_KIND_NAMES, isUntypedEnglish, typedLabel, withColumnTitles, type FormLabelColumn } from './labels.ts';
export { FORM_RULE_MESSAGES, formLanguageOf, formTextIn, formRuleMessage, type FormRuleMessageKey } from './messages.ts';
export {
  isFormValueField,
  formItems,
  formValueFields,
  defaultFormValues,
  isFormValueFilled,
  formFieldStates,
  visibleFormValues,
  type FormFieldState,
} from './states.ts';
export { isFormFieldEmpty, checkFormFieldValue, formFieldProblem, validateFormValues, type FormValueProblem } from './rules.ts';
export { FormSchemaError, FORM_SCHEMA_LIMITS, type FormSchemaParse } from './parseReader.ts';
export { parseFormSchema } from './parse.ts';
export { migrateFormSchema } from './migrateV1.ts';
export {
  FORM_OPTION_READ_ROUTES,
  FORM_OPTION_METHODS,
  formOptionUrlProblem,
  isFormOptionSourceReadable,
  FORM_UPLOAD_ROUTES,
  formUploadActionProblem,
  formUploadFieldNameProblem,
} from './optionUrls.ts';
export {
  FORM_CODE_NAME_KEYS,
  FORM_CODE_NAME_DEFAULTS,
  FORM_CODE_NAME_RE,
  FORM_CODE_RESERVED_WORDS,
  FORM_CODE_IDENTIFIERS,
  formCodeNames,
  formCodeNameProblem,
  formCodeNameProblemText,
  type FormCodeNameKey,
  type FormCodeNameProblem,
} from './codeNames.ts';
export { FORM_PATTERN_LIMITS, compileFormPattern, translateFormPattern, type FormPatternProgram, type FormPatternCompile } from './patternEngine.ts';
