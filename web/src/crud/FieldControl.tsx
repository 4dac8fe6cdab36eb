import { lazy, Suspense } from 'react';
import { Cascader, Checkbox, Input, InputNumber, Radio, Select, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ColumnMeta } from '@qb/contracts';
import { DateValueField } from './DateValueField.tsx';
import { findOptionPath, useTableOptions } from './options.ts';
import { FileUpload, ImageUpload } from './uploads.tsx';
import type { FieldDef, FieldKind } from './types.ts';

// the editor (tiptap, ProseMirror) loads with the first dialog that has one
const RichTextEditor = lazy(() => import('./RichTextEditor.tsx'));

/** The kind of a form field: the page's choice, else what the column's metadata suggests. */
export function fieldKindOf(field: FieldDef, meta?: ColumnMeta): FieldKind {
  const own = field.form ? field.form.kind : undefined;
  if (own) return own;
  if (field.enum) return field.list ? 'checkbox' : 'radio';
  if (field.options) return field.options.treeParent ? 'cascader' : 'select';
  switch (meta?.type) {
    case 'int':
    case 'float':
      return 'number';
    case 'money':
      return 'money';
    case 'datetime':
      return 'dateTime';
    case 'image':
      return 'image';
    case 'ntext':
      return 'textarea';
    default:
      return 'input';
  }
}

interface ControlProps {
  field: FieldDef;
  kind: FieldKind;
  meta?: ColumnMeta;
  /** value of the field a dependent dropdown depends on */
  dependValue?: unknown;
  /** id of the row being edited: a tree cannot take itself as parent */
  editingId?: unknown;
  value?: unknown;
  onChange?: (value: unknown) => void;
  id?: string;
}

/** One form control, by kind. Values stay in the server's form (text dates, paths, numbers). */
export function FieldControl({ field, kind, meta, dependValue, editingId, value, onChange, id }: ControlProps) {
  const { t } = useTranslation();
  const title = t(field.titleKey);
  const own = field.form || {};
  const selfTree = field.options?.treeParent && editingId !== undefined ? editingId : undefined;
  const remote = useTableOptions(field.enum ? undefined : field.options, dependValue, selfTree);
  const enumOptions = field.enum?.map((o) => ({ value: o.value, label: t(o.labelKey) }));
  const placeholder = own.placeholderKey ? t(own.placeholderKey) : undefined;

  if (own.component) return <>{own.component({ value, onChange })}</>;
  switch (kind) {
    case 'textarea':
      return <Input.TextArea id={id} value={value as string} onChange={(e) => onChange?.(e.target.value)} rows={4} maxLength={own.maxLength ?? meta?.length} showCount={!!(own.maxLength ?? meta?.length)} placeholder={placeholder} />;
    case 'number':
    case 'money':
      return (
        <InputNumber
          id={id}
          value={value as number}
          onChange={(v) => onChange?.(v)}
          min={own.min}
          max={own.max}
          step={own.step ?? (kind === 'money' ? 0.01 : 1)}
          precision={kind === 'money' ? 2 : meta?.type === 'int' ? 0 : undefined}
          style={{ width: '100%' }}
          placeholder={placeholder}
        />
      );
    case 'select':
      return (
        <Select
          id={id}
          value={value}
          onChange={(v) => onChange?.(v)}
          options={enumOptions ?? remote.list}
          mode={field.list ? 'multiple' : undefined}
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          loading={remote.loading}
          disabled={remote.waiting}
          placeholder={placeholder}
        />
      );
    case 'radio':
      return <Radio.Group id={id} value={value} onChange={(e) => onChange?.(e.target.value)} options={enumOptions ?? remote.list} />;
    case 'checkbox':
      return <Checkbox.Group value={(value as (string | number)[]) ?? []} onChange={(v) => onChange?.(v)} options={enumOptions ?? remote.list} />;
    case 'cascader': {
      // the row holds the leaf; the cascader shows its path and hands back a path (the server stores the leaf)
      const path = Array.isArray(value) ? value : value === null || value === undefined || value === 0 || value === '' ? [] : findOptionPath(remote.tree, value) ?? [value];
      return (
        <Cascader
          id={id}
          value={path as (string | number)[]}
          onChange={(v) => onChange?.(v ?? [])}
          options={remote.tree}
          changeOnSelect
          allowClear
          showSearch
          placeholder={placeholder ?? t('crud.choose', { title })}
        />
      );
    }
    case 'date':
    case 'time':
    case 'dateTime':
      return <DateValueField id={id} kind={kind} value={value} onChange={(v) => onChange?.(v)} placeholder={placeholder} />;
    case 'image':
      return <ImageUpload id={id} value={value} onChange={(v) => onChange?.(v)} />;
    case 'file':
      return <FileUpload id={id} value={value} onChange={(v) => onChange?.(v)} />;
    case 'editor':
      return (
        <Suspense fallback={<Spin description={t('crud.editorLoading')}><div style={{ height: 300 }} /></Spin>}>
          <RichTextEditor id={id} value={value} onChange={(v) => onChange?.(v)} />
        </Suspense>
      );
    default:
      return <Input id={id} value={value as string} onChange={(e) => onChange?.(e.target.value)} maxLength={own.maxLength ?? meta?.length} placeholder={placeholder} allowClear />;
  }
}
