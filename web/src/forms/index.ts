/**
 * The form schema renderer. Import it lazily from pages (`lazy(() => import('../forms/SchemaFormDialog.tsx'))`):
 * it brings antd's pickers, cascader, upload and colour picker, which the login route must not load.
 */
export { SchemaForm, DEFAULT_GUTTER, DEFAULT_LABEL_WIDTH, type SchemaFormProps, type FormValues, type FieldComponentProps } from './SchemaForm.tsx';
export { SchemaFormDialog, SCHEMA_DIALOG_WIDTH, type SchemaFormDialogProps } from './SchemaFormDialog.tsx';
export { FieldInput, type FieldInputProps } from './FieldInput.tsx';
export {
  schemaFromTableMeta,
  META_FORM_LABEL_WIDTH,
  RADIO_LIMIT,
  type MetaColumnInput,
  type MetaTableInput,
  type SchemaFromMetaOptions,
} from './schemaFromTableMeta.ts';
export { useFieldOptions, staticOptionItems, urlOptionItems, valueAtPath, type FieldOptions } from './useFieldOptions.ts';
