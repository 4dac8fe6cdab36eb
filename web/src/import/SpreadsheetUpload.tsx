import { useRef } from 'react';
import { Typography, Upload, type UploadFile } from 'antd';
import { InboxOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ApiError, uploadFile } from '../api/index.ts';
import { useToast } from '../app/toast.ts';
import { isSpreadsheetName, SPREADSHEET_ACCEPT, type ChosenFile } from './importFlow.ts';
import { IMPORT_NS } from './texts.ts';

export interface SpreadsheetUploadProps {
  id?: string;
  value?: ChosenFile[];
  onChange?: (files: ChosenFile[]) => void;
  disabled?: boolean;
  /** one file: a new choice replaces the chosen one (the table import) */
  single?: boolean;
}

/**
 * The files of an import: each chosen spreadsheet is uploaded at once (POST /api/action/upload/, field
 * `files`) and kept with the path the server answered. Other file types are refused with SPEC.md §5's
 * message; a failed upload is dropped from the list with the reason.
 */
export function SpreadsheetUpload({ id, value = [], onChange, disabled, single = false }: SpreadsheetUploadProps) {
  const { t } = useTranslation(IMPORT_NS);
  const toast = useToast();
  // uploads finish after later renders: changes apply to the newest list, not to the one of their render
  const latest = useRef(value);
  latest.current = value;
  const update = (change: (files: ChosenFile[]) => ChosenFile[]) => {
    const next = change(latest.current);
    latest.current = next;
    onChange?.(next);
  };

  const upload = async (file: File & { uid: string }) => {
    const uid = file.uid;
    update((files) => [...(single ? [] : files), { uid, name: file.name, status: 'uploading' }]);
    try {
      const answer = await uploadFile(file);
      update((files) => files.map((f) => (f.uid === uid ? { ...f, status: 'done', fileUrl: answer.path } : f)));
    } catch (error) {
      if (error instanceof ApiError && error.sessionExpired) return;
      update((files) => files.filter((f) => f.uid !== uid));
      toast.error(t('message.uploadFailed', { name: file.name, message: error instanceof Error ? error.message : '' }));
    }
  };

  const fileList: UploadFile[] = value.map((f) => ({
    uid: f.uid,
    name: f.name,
    status: f.status === 'done' ? 'done' : 'uploading',
    percent: f.status === 'done' ? 100 : 50,
  }));

  return (
    <div id={id} className="qb-import-upload" data-testid="import-upload">
      <Upload.Dragger
        accept={SPREADSHEET_ACCEPT}
        multiple={!single}
        disabled={disabled}
        fileList={fileList}
        showUploadList={{ showRemoveIcon: !disabled }}
        beforeUpload={(file) => {
          if (!isSpreadsheetName(file.name)) {
            // one toast for several refused files chosen together
            toast.error({ content: t('message.xlsOnly'), key: 'import-xls-only' });
            return Upload.LIST_IGNORE;
          }
          void upload(file);
          return false;
        }}
        onRemove={(file) => {
          update((files) => files.filter((f) => f.uid !== file.uid));
          return false;
        }}
      >
        <div className="qb-import-upload-drop">
          <InboxOutlined className="qb-import-upload-icon" />
          <Typography.Text>{t('upload.drop')}</Typography.Text>
        </div>
        <Typography.Text type="secondary" className="qb-import-upload-types">
          {t(single ? 'upload.typesOne' : 'upload.types')}
        </Typography.Text>
      </Upload.Dragger>
    </div>
  );
}
