import { Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { checkFormUploadFile, formAcceptExtensions, formTextIn, type FormUploadField } from '@qb/contracts';
import { FileUpload, ImageUpload } from '../crud/uploads.tsx';

/**
 * An upload field: the crud image control (its jpg/png/jpeg/bmp check and messages) for picture list types,
 * the crud file control otherwise, both with the schema's type and size check before the upload. Several
 * files (multiple) are a list of those controls plus an empty one to add with.
 */
export function UploadInput({ field, value, onChange, id }: { field: FormUploadField; value?: unknown; onChange?: (v: unknown) => void; id?: string }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const image = field.listType === 'picture' || field.listType === 'picture-card';
  const check = (file: File) => checkFormUploadFile(field, file, lang);
  const extensions = formAcceptExtensions(field.rules?.accept);
  const accept = extensions.length ? extensions.map((e) => `.${e}`).join(',') : undefined;
  const buttonText = field.buttonText ? formTextIn(field.buttonText, lang) : undefined;
  const one = (key: string, path: unknown, change: (v: string | null) => void, fieldId?: string) =>
    image ? (
      <ImageUpload key={key} id={fieldId} value={path} onChange={change} check={check} />
    ) : (
      <FileUpload key={key} id={fieldId} value={path} onChange={change} check={check} accept={accept} buttonText={buttonText} />
    );

  let control;
  if (!field.multiple) {
    control = one('single', value, (v) => onChange?.(v));
  } else {
    const list = (Array.isArray(value) ? value : typeof value === 'string' && value ? [value] : []) as string[];
    const full = field.limit !== undefined && list.length >= field.limit;
    control = (
      <Space wrap align="start" id={id} data-testid="upload-list">
        {list.map((path, i) =>
          one(`${i}:${path}`, path, (v) => onChange?.(v ? list.map((p, j) => (j === i ? v : p)) : list.filter((_, j) => j !== i))),
        )}
        {!full && one(`add:${list.length}`, null, (v) => v && onChange?.([...list, v]))}
      </Space>
    );
  }
  const max = field.rules?.maxSize;
  return (
    <div className="qb-form-upload" id={field.multiple ? undefined : id}>
      {control}
      {field.showTip && (extensions.length > 0 || max) && (
        <div className="qb-form-upload-tip">
          {[
            extensions.length ? t('forms.uploadTipAccept', { accept: extensions.join(lang.startsWith('en') ? ', ' : '、') }) : '',
            max ? t('forms.uploadTipSize', { size: max.value, unit: max.unit }) : '',
          ]
            .filter(Boolean)
            .join(lang.startsWith('en') ? ', ' : '，')}
        </div>
      )}
    </div>
  );
}
