import { FORM_UPLOAD_ACTION, FORM_UPLOAD_FIELD_NAME, formAcceptExtensions, formRuleMessage, type FormFieldOf } from '@qb/contracts';
import { attr, type EmitContext, type FieldSource, type WebKindCode } from '../codeShared.ts';
import { codegenText, lit, textOf } from '../codeTexts.ts';

const UNIT_BYTES = { KB: 1024, MB: 1024 * 1024, GB: 1024 * 1024 * 1024 } as const;

function uploadSource(field: FormFieldOf<'upload'>, ctx: EmitContext, disabled: string): FieldSource {
  ctx.helpers.add('upload');
  ctx.antd.add('Upload').add('message');
  const rules = field.rules ?? {};
  const extensions = formAcceptExtensions(rules.accept);
  const acceptList = extensions.join(ctx.lang === 'en' ? ', ' : '、');
  const typeMessage = formRuleMessage('uploadType', ctx.lang, { accept: acceptList });
  const size = rules.maxSize;
  const sizeMessage = size ? formRuleMessage('uploadSize', ctx.lang, { size: size.value, unit: size.unit }) : '';
  const maxBytes = size ? size.value * UNIT_BYTES[size.unit] : 0;
  const listType = field.listType ?? 'text';
  const card = listType === 'picture-card';
  const icon = card ? 'PlusOutlined' : 'UploadOutlined';
  ctx.icons.add(icon);
  if (!card) ctx.antd.add('Button');
  const text = textOf(field.buttonText, ctx.lang) || codegenText(ctx.lang, 'upload');
  const trigger = card
    ? `<button type="button" style={{ border: 0, background: "none" }}><${icon} /><div style={{ marginTop: 8 }}>{${lit(text)}}</div></button>`
    : `<Button icon={<${icon} />}>{${lit(text)}}</Button>`;
  const action = field.action ?? FORM_UPLOAD_ACTION;
  const fieldName = field.fieldName ?? FORM_UPLOAD_FIELD_NAME;
  const check = `checkUpload(file, ${lit(extensions)}, ${maxBytes}, ${lit(typeMessage)}, ${lit(sizeMessage)})`;
  // 自动上传 off: a picked file stays in the list and is sent when the form is submitted (sendPendingUploads)
  const manual = field.autoUpload === false;
  if (manual) ctx.pendingUploads.push({ name: field.name, action, field: fieldName });
  const control =
    `<Upload${manual ? '' : ` action=${lit(action)} name=${lit(fieldName)} headers={uploadHeaders()}`} listType=${lit(listType)}` +
    `${attr('multiple', !!field.multiple)}${attr('maxCount', field.limit ?? (field.multiple ? undefined : 1))}` +
    `${extensions.length ? attr('accept', extensions.map((e) => `.${e}`).join(',')) : ''}${disabled}` +
    ` beforeUpload={(file) => ${manual ? `(${check} === true ? false : Upload.LIST_IGNORE)` : check}}>${trigger}</Upload>`;
  let extra: string | undefined;
  if (field.showTip && size) {
    extra = extensions.length
      ? codegenText(ctx.lang, 'uploadTip', { size: size.value, unit: size.unit, accept: acceptList })
      : codegenText(ctx.lang, 'uploadTipSize', { size: size.value, unit: size.unit });
  }
  return { itemProps: ' valuePropName="fileList" getValueFromEvent={fileListOf}', control, extra };
}

const uploadCode: WebKindCode<FormFieldOf<'upload'>> = {
  kind: 'upload',
  valueType: () => 'UploadFile[]',
  list: (field) => !!field.multiple,
  requiredType: 'array',
  // stored upload paths become the upload list's files
  initialValue(value) {
    const paths = (Array.isArray(value) ? value : [value]).map(String);
    return paths.map((url, i) => ({ uid: String(-1 - i), name: url.split('/').pop() ?? url, status: 'done', url }));
  },
  source: (field, ctx, { off }) => uploadSource(field, ctx, off),
};
export default uploadCode;

declare module '../code.ts' {
  interface WebKindCodes {
    upload: typeof uploadCode;
  }
}
