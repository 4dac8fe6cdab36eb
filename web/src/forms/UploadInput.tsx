import { Button, Space, Typography } from 'antd';
import { DeleteOutlined, PaperClipOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { checkFormUploadFile, formAcceptExtensions, formTextIn, type FormFieldOf } from '@qb/contracts';
import { FileUpload, ImageUpload } from './uploads.tsx';
import { isPendingFile, sendFormFile } from './formUploads.ts';

/** A picked file that waits for the form's submit (自动上传 off): its name, and a way to drop it. */
function PendingFile({ file, onRemove, id }: { file: File; onRemove(): void; id?: string }) {
  const { t } = useTranslation();
  return (
    <Space id={id} size={4} className="qb-form-upload-pending" data-testid="upload-pending">
      <PaperClipOutlined />
      <span>{file.name}</span>
      <Typography.Text type="secondary">{t('forms.uploadPending')}</Typography.Text>
      <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label={t('crud.remove')} onClick={onRemove} />
    </Space>
  );
}

/**
 * An upload field: the crud image control (its jpg/png/jpeg/bmp check and messages) for picture list types,
 * the crud file control otherwise, both with the schema's type and size check before the upload, sending to the
 * field's route and multipart field (上传地址, 文件字段名). Several files (multiple) are a list of those controls
 * plus an empty one to add with. 自动上传 off: a picked file stays in the form as it is (shown by name) and
 * SchemaForm sends it when the form is submitted.
 */
export function UploadInput({ field, value, onChange, id }: { field: FormFieldOf<'upload'>; value?: unknown; onChange?: (v: unknown) => void; id?: string }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const image = field.listType === 'picture' || field.listType === 'picture-card';
  const check = (file: File) => checkFormUploadFile(field, file, lang);
  const extensions = formAcceptExtensions(field.rules?.accept);
  const accept = extensions.length ? extensions.map((e) => `.${e}`).join(',') : undefined;
  const buttonText = field.buttonText ? formTextIn(field.buttonText, lang) : undefined;
  const send = (file: File) => sendFormFile(field, file);
  const manual = field.autoUpload === false;
  const one = (key: string, current: unknown, change: (v: string | File | null) => void, fieldId?: string) => {
    if (isPendingFile(current)) return <PendingFile key={key} id={fieldId} file={current} onRemove={() => change(null)} />;
    const onPick = manual ? (file: File) => change(file) : undefined;
    return image ? (
      <ImageUpload key={key} id={fieldId} value={current} onChange={change} check={check} send={send} onPick={onPick} />
    ) : (
      <FileUpload key={key} id={fieldId} value={current} onChange={change} check={check} accept={accept} buttonText={buttonText} send={send} onPick={onPick} />
    );
  };

  let control;
  if (!field.multiple) {
    control = one('single', value, (v) => onChange?.(v));
  } else {
    const list: unknown[] = Array.isArray(value) ? value : (typeof value === 'string' && value) || isPendingFile(value) ? [value] : [];
    const full = field.limit !== undefined && list.length >= field.limit;
    const keyOf = (v: unknown) => (isPendingFile(v) ? `file:${v.name}` : String(v));
    control = (
      <Space wrap align="start" id={id} data-testid="upload-list">
        {list.map((current, i) =>
          one(`${i}:${keyOf(current)}`, current, (v) => onChange?.(v ? list.map((p, j) => (j === i ? v : p)) : list.filter((_, j) => j !== i))),
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
