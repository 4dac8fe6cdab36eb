import { useState, type ReactNode } from 'react';
import { Button, Image, Space, Upload } from 'antd';
import { DeleteOutlined, LoadingOutlined, PaperClipOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { IMAGE_EXTENSIONS, type UploadAnswer } from '@qb/contracts';
import { ApiError, uploadFile } from '../api/index.ts';
import { useToast } from '../app/toast.ts';

/** The image picker's `accept`: SPEC.md §5's extensions, in lower and upper case. */
export const IMAGE_ACCEPT = [...IMAGE_EXTENSIONS, ...IMAGE_EXTENSIONS.map((e) => e.toUpperCase())].map((e) => `.${e}`).join(',');

/** SPEC.md §5: images are jpg, png, jpeg or bmp, in any case. */
export function isImageFileName(name: string): boolean {
  const dot = name.lastIndexOf('.');
  return dot >= 0 && (IMAGE_EXTENSIONS as readonly string[]).includes(name.slice(dot + 1).toLowerCase());
}

function useUpload(onDone: (path: string, name: string) => void, send: (file: File) => Promise<UploadAnswer> = uploadFile) {
  const { t } = useTranslation();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const run = async (file: File) => {
    setBusy(true);
    try {
      const answer = await send(file);
      onDone(answer.path, answer.oldFileName || file.name);
    } catch (error) {
      const reason = error instanceof ApiError && error.kind !== 'network' ? error.message : '';
      toast.error(reason ? t('crud.uploadFailedWith', { message: reason }) : t('crud.uploadFailed'));
    } finally {
      setBusy(false);
    }
  };
  /**
   * What an Upload's beforeUpload answers for a picked file: refused by `check` (its message shown, the file left
   * out), handed to `onPick`, or sent; never antd's own upload.
   */
  const pick = (file: File, { check, onPick }: { check?: UploadCheck; onPick?: (file: File) => void }) => {
    const refused = check?.(file);
    if (refused) {
      toast.error(refused);
      return Upload.LIST_IGNORE;
    }
    if (onPick) onPick(file);
    else void run(file);
    return false;
  };
  return { busy, run, pick };
}

/** A further check of a picked file (size, type); its message is shown and the file is not uploaded. */
export type UploadCheck = (file: File) => string | undefined;

/** Where a picked file goes (a designed form's upload route and field), and what happens instead of sending it. */
export interface UploadTarget {
  /** default: uploadFile (the server's upload route, field files) */
  send?: (file: File) => Promise<UploadAnswer>;
  /** given: the picked (and checked) file is handed over instead of sent (a form that sends it on submit) */
  onPick?: (file: File) => void;
}

/** One image: upload, 50%-box preview with click-to-enlarge, replace, remove. The value is the served path. */
export function ImageUpload({
  value,
  onChange,
  id,
  check,
  send,
  onPick,
}: { value?: unknown; onChange?: (v: string | null) => void; id?: string; check?: UploadCheck } & UploadTarget) {
  const { t } = useTranslation();
  const toast = useToast();
  const upload = useUpload((path) => onChange?.(path), send);
  const path = typeof value === 'string' && value ? value : '';
  const picker = (content: ReactNode) => (
    <Upload
      accept={IMAGE_ACCEPT}
      showUploadList={false}
      beforeUpload={(file) => {
        if (!isImageFileName(file.name)) {
          toast.error(t('crud.imageFormat'));
          return Upload.LIST_IGNORE;
        }
        return upload.pick(file, { check, onPick });
      }}
    >
      {content}
    </Upload>
  );
  return (
    <div className="qb-image-upload" id={id} data-testid="image-upload">
      {path ? (
        <Space align="end">
          <Image src={path} width={104} height={104} className="qb-image-upload-preview" alt="" data-testid="image-preview" />
          <Space orientation="vertical" size={4}>
            {picker(
              <Button size="small" icon={upload.busy ? <LoadingOutlined /> : <UploadOutlined />} disabled={upload.busy}>
                {t('crud.replace')}
              </Button>,
            )}
            <Button size="small" danger icon={<DeleteOutlined />} onClick={() => onChange?.(null)}>
              {t('crud.remove')}
            </Button>
          </Space>
        </Space>
      ) : (
        picker(
          <button type="button" className="qb-image-upload-box" disabled={upload.busy} data-testid="image-upload-button">
            {upload.busy ? <LoadingOutlined /> : <PlusOutlined />}
            <span>{upload.busy ? t('crud.uploading') : t('crud.uploadImage')}</span>
          </button>,
        )
      )}
    </div>
  );
}

/** One file of the kinds the server takes; the value is the served path, shown as a link. */
export function FileUpload({
  value,
  onChange,
  id,
  check,
  accept,
  buttonText,
  send,
  onPick,
}: UploadTarget & {
  value?: unknown;
  onChange?: (v: string | null) => void;
  id?: string;
  check?: UploadCheck;
  /** the file dialog's filter, e.g. '.pdf,.doc' */
  accept?: string;
  buttonText?: string;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState<string>('');
  const upload = useUpload((path, fileName) => {
    setName(fileName);
    onChange?.(path);
  }, send);
  const path = typeof value === 'string' && value ? value : '';
  return (
    <Space orientation="vertical" id={id} size={4}>
      <Upload accept={accept} showUploadList={false} beforeUpload={(file) => upload.pick(file, { check, onPick })}>
        <Button icon={upload.busy ? <LoadingOutlined /> : <UploadOutlined />} disabled={upload.busy}>
          {upload.busy ? t('crud.uploading') : (buttonText ?? t('crud.uploadFile'))}
        </Button>
      </Upload>
      {path && (
        <Space>
          <a href={path} target="_blank" rel="noreferrer">
            <PaperClipOutlined /> {name || path.split('/').pop()}
          </a>
          <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label={t('crud.remove')} onClick={() => onChange?.(null)} />
        </Space>
      )}
    </Space>
  );
}
