import {
  FORM_UPLOAD_ACTION,
  FORM_UPLOAD_FIELD_NAME,
  formUploadActionProblem,
  formUploadFieldNameProblem,
  formValueFields,
  type FormSchema,
  type FormFieldOf,
  type UploadAnswer,
} from '@qb/contracts';
import { request } from '../api/index.ts';

// An upload field's route and multipart field (上传地址, 文件字段名) and 自动上传 off: files kept in the form until it
// is submitted, then sent, each replaced by its served path before the values go anywhere.

/**
 * Sends one file to the field's upload route in its multipart field. Checked again here (the parser already
 * refused anything else): a form never sends a viewer's file, with the session, anywhere but FORM_UPLOAD_ROUTES.
 */
export async function sendFormFile(field: FormFieldOf<'upload'>, file: File): Promise<UploadAnswer> {
  const action = field.action ?? FORM_UPLOAD_ACTION;
  const fieldName = field.fieldName ?? FORM_UPLOAD_FIELD_NAME;
  const refused = formUploadActionProblem(action) ?? formUploadFieldNameProblem(action, fieldName);
  if (refused) throw new Error(`${action}: ${refused}`);
  const body = new FormData();
  body.append(fieldName, file);
  const answer = await request<UploadAnswer>(action, { method: 'POST', body, silent: true, timeoutMs: 120_000 });
  return answer.data as UploadAnswer;
}

/** A picked file that waits for the submit (自动上传 off): the form holds the File itself until then. */
export function isPendingFile(value: unknown): value is File {
  return typeof File !== 'undefined' && value instanceof File;
}

/** The value as the rules see it: a waiting file counts by its name (its type is checked, it fills a required field). */
export function withPendingAsNames(value: unknown): unknown {
  if (isPendingFile(value)) return value.name;
  return Array.isArray(value) ? value.map((v) => (isPendingFile(v) ? v.name : v)) : value;
}

/** The upload fields of a schema whose files wait for the submit. */
export function manualUploadFields(schema: FormSchema): FormFieldOf<'upload'>[] {
  return formValueFields(schema).filter((f): f is FormFieldOf<'upload'> => f.kind === 'upload' && f.autoUpload === false);
}

/**
 * Sends the waiting files of `values` (those of manual upload fields) and answers the values with their paths, and
 * the changed fields (for the form to keep, so a second submit sends nothing twice). Throws on the first file
 * that could not be sent.
 */
export async function sendPendingFiles(
  schema: FormSchema,
  values: Record<string, unknown>,
): Promise<{ values: Record<string, unknown>; changed: Record<string, unknown> }> {
  const out = { ...values };
  const changed: Record<string, unknown> = {};
  for (const field of manualUploadFields(schema)) {
    if (!Object.hasOwn(values, field.name)) continue;
    const value = values[field.name];
    const send = async (v: unknown) => (isPendingFile(v) ? (await sendFormFile(field, v)).path : v);
    if (isPendingFile(value)) changed[field.name] = await send(value);
    else if (Array.isArray(value) && value.some(isPendingFile)) {
      const paths: unknown[] = [];
      for (const v of value) paths.push(await send(v));
      changed[field.name] = paths;
    }
  }
  Object.assign(out, changed);
  return { values: out, changed };
}
