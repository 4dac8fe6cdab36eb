import type { ReactNode } from 'react';
import type { TFunction } from 'i18next';
import { Form, Select, Switch } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { FORM_SIZE_UNITS, FORM_UPLOAD_ACCEPTS, FORM_UPLOAD_ACTION, FORM_UPLOAD_FIELD_NAME, FORM_UPLOAD_ROUTES, type FormFieldOf } from '@qb/contracts';
import type { WebKindDesign } from '../descriptor.ts';
import { defaultText } from '../designShared.tsx';
import { NumberProp } from '../propControls.tsx';

/**
 * 上传地址, 文件字段名, 自动上传: the route and its field are chosen among FORM_UPLOAD_ROUTES only (the file goes with
 * the viewer's session); the defaults are not stored. 自动上传 off: the file is sent when the form is submitted.
 */
function uploadTargetRows(field: FormFieldOf<'upload'>, set: (patch: Record<string, unknown>) => void, t: TFunction): ReactNode[] {
  const action = field.action ?? FORM_UPLOAD_ACTION;
  const fields = FORM_UPLOAD_ROUTES[action] ?? [FORM_UPLOAD_FIELD_NAME];
  const fieldName = field.fieldName ?? FORM_UPLOAD_FIELD_NAME;
  const label = (key: string) => t(`designer.props.${key}`);
  return [
    <Form.Item key="uploadAction" label={label('uploadAction')} help={t('designer.props.uploadActionHelp')}>
      <Select
        value={action}
        aria-label={label('uploadAction')}
        data-testid="prop-uploadAction"
        onChange={(next: string) => {
          const read = FORM_UPLOAD_ROUTES[next] ?? [];
          set({
            action: next === FORM_UPLOAD_ACTION ? undefined : next,
            fieldName: read.includes(fieldName) && fieldName !== FORM_UPLOAD_FIELD_NAME ? fieldName : undefined,
          });
        }}
        options={Object.keys(FORM_UPLOAD_ROUTES).map((route) => ({ value: route, label: route }))}
      />
    </Form.Item>,
    <Form.Item key="uploadFieldName" label={label('uploadFieldName')}>
      <Select
        value={fieldName}
        aria-label={label('uploadFieldName')}
        data-testid="prop-uploadFieldName"
        onChange={(next: string) => set({ fieldName: next === FORM_UPLOAD_FIELD_NAME ? undefined : next })}
        options={fields.map((name) => ({ value: name, label: name }))}
      />
    </Form.Item>,
    <Form.Item key="autoUpload" label={label('autoUpload')} help={field.autoUpload === false ? t('designer.props.autoUploadOff') : undefined}>
      <Switch
        checked={field.autoUpload !== false}
        onChange={(on) => set({ autoUpload: on ? undefined : false })}
        aria-label={label('autoUpload')}
        data-testid="prop-autoUpload"
      />
    </Form.Item>,
  ];
}

const uploadDesign: WebKindDesign<FormFieldOf<'upload'>> = {
  kind: 'upload',
  group: 'select',
  rank: 130,
  icon: <UploadOutlined />,
  newField: (base) => ({
    ...base,
    kind: 'upload',
    listType: 'text',
    buttonText: defaultText('upload'),
    showTip: false,
    rules: { required: true, maxSize: { value: 2, unit: 'MB' } },
  }),
  noDefaultValue: true,
  patched(field, patch, next) {
    // an upload's single value is a path: empty is no default
    if ('multiple' in patch && patch.multiple !== field.multiple && !patch.multiple) delete next.defaultValue;
    return false;
  },
  panel: (field, { choice, bool, num, text, item, set, setRule, rules, t }) => [
    choice('listType', ['text', 'picture', 'picture-card'] as const),
    bool('multiple'),
    num('limit', 1),
    text('buttonText'),
    bool('showTip'),
    ...uploadTargetRows(field, set, t),
    item(
      'accept',
      t('designer.props.accept'),
      <Select
        mode="multiple"
        value={rules.accept ?? []}
        aria-label={t('designer.props.accept')}
        onChange={(v: string[]) => setRule('accept', v.length ? v : undefined)}
        options={Object.keys(FORM_UPLOAD_ACCEPTS).map((k) => ({ value: k, label: t(`designer.acceptNames.${k}`) }))}
      />,
    ),
    item(
      'fileSize',
      t('designer.props.fileSize'),
      <div className="qb-designer-inline">
        <NumberProp
          value={rules.maxSize?.value}
          min={1}
          onChange={(v) => setRule('maxSize', v ? { value: v, unit: rules.maxSize?.unit ?? 'MB' } : undefined, 'maxSize')}
          testId="prop-fileSize"
          label={t('designer.props.fileSize')}
        />
        <Select
          value={rules.maxSize?.unit ?? 'MB'}
          aria-label={t('designer.props.sizeUnit')}
          onChange={(unit) => setRule('maxSize', { value: rules.maxSize?.value ?? 2, unit })}
          options={FORM_SIZE_UNITS.map((u) => ({ value: u, label: u }))}
        />
      </div>,
    ),
  ],
};
export default uploadDesign;

declare module '../design.ts' {
  interface WebKindDesigns {
    upload: typeof uploadDesign;
  }
}
