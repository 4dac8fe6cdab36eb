import { describe, expect, it } from 'vitest';
import { FORM_UPLOAD_ROUTES, formCodeNameProblem, formCodeNames, migrateFormSchema, parseFormSchema } from '@qb/contracts';

// Issue 19 #11: the form's names in generated code (表单名, 表单模型, 校验模型) and the upload's route, field and
// 自动上传, as the parser keeps or refuses them and as version 1 brings them over.

const text = { kind: 'text', name: 'mobile', label: { zh: '手机号' } };
const upload = { kind: 'upload', name: 'doc', label: { zh: '附件' } };
const form = (extra: Record<string, unknown>, fields: unknown[] = [text]) => ({ version: 2, fields, ...extra });
const problems = (input: unknown) => {
  const parsed = parseFormSchema(input);
  return parsed.ok ? [] : parsed.problems;
};

describe('表单名, 表单模型, 校验模型 (formRef, formModel, formRules)', () => {
  it('keeps identifiers, and the defaults are the names the file had before', () => {
    const parsed = parseFormSchema(form({ formRef: 'elForm', formModel: 'formData', formRules: 'rules' }));
    expect(parsed).toMatchObject({ ok: true, schema: { formRef: 'elForm', formModel: 'formData', formRules: 'rules' } });
    expect(formCodeNames({})).toEqual({ formRef: 'form', formModel: 'INITIAL_VALUES', formRules: 'FORM_RULES' });
    const plain = parseFormSchema(form({}));
    expect(plain.ok && 'formRef' in plain.schema).toBe(false);
    expect(parseFormSchema(form({ formModel: '$data_2' })).ok).toBe(true);
  });

  it('refuses what is no identifier, a reserved word, a name the file uses, and two names alike, each by its key', () => {
    expect(problems(form({ formRef: '2form' }))).toEqual([
      'formRef: must be a JavaScript identifier (a letter, _ or $, then letters, digits, _ or $; at most 64 characters), not "2form"',
    ]);
    expect(problems(form({ formRef: 'my-form' }))[0]).toMatch(/^formRef: must be a JavaScript identifier/);
    expect(problems(form({ formRef: 'é' }))[0]).toMatch(/^formRef: must be a JavaScript identifier/);
    expect(problems(form({ formRef: '' }))[0]).toMatch(/^formRef: must be a JavaScript identifier/);
    expect(problems(form({ formRef: 'a'.repeat(65) }))[0]).toMatch(/^formRef: must be a JavaScript identifier/);
    expect(problems(form({ formRef: 7 }))).toEqual(['formRef: must be a JavaScript identifier, not 7']);
    expect(problems(form({ formModel: 'class' }))).toEqual(['formModel: is a reserved word of JavaScript, not "class"']);
    for (const word of ['await', 'let', 'yield', 'enum', 'arguments', 'eval', 'undefined', 'NaN'])
      expect(problems(form({ formRules: word })), word).toEqual([`formRules: is a reserved word of JavaScript, not "${word}"`]);
    // names of the generated file: imports, helpers, locals of the component, globals its helpers call, icons
    for (const used of ['Form', 'FormValues', 'states', 'watched', 'fieldStates', 'checkUpload', 'RegExp', 'fetch', 'UserOutlined', 'PENDING_UPLOADS'])
      expect(problems(form({ formModel: used })), used).toEqual([`formModel: is already a name of the generated file (FORM_CODE_IDENTIFIERS), not "${used}"`]);
    expect(problems(form({ formRef: 'data', formModel: 'data' }))).toEqual([
      'formRef: is already the formModel, not "data"',
      'formModel: is already the formRef, not "data"',
    ]);
    // against the default of the other names too
    expect(problems(form({ formModel: 'form' }))).toEqual(['formModel: is already the formRef, not "form"']);
    expect(problems(form({ formRef: 'FORM_RULES' }))).toEqual(['formRef: is already the formRules, not "FORM_RULES"']);
    // unless that default is itself renamed
    expect(parseFormSchema(form({ formRef: 'elForm', formModel: 'form' })).ok).toBe(true);
  });

  it("answers the panel a kind of problem, so it says it in the page's language", () => {
    expect(formCodeNameProblem('formRef', 'x y')).toEqual({ kind: 'syntax' });
    expect(formCodeNameProblem('formRef', 'new')).toEqual({ kind: 'reserved' });
    expect(formCodeNameProblem('formRef', 'Modal')).toEqual({ kind: 'used' });
    expect(formCodeNameProblem('formRules', 'elForm', { formRef: 'elForm' })).toEqual({ kind: 'same', other: 'formRef' });
    expect(formCodeNameProblem('formRules', 'rules', { formRef: 'elForm' })).toBeUndefined();
  });

  it("version 1: form-generator's names come over; one the file cannot take is left out (its default used)", () => {
    const v1 = { formRef: 'elForm', formModel: 'formData', formRules: 'rules', fields: [] };
    expect(migrateFormSchema(v1)).toMatchObject({ formRef: 'elForm', formModel: 'formData', formRules: 'rules' });
    const bad = migrateFormSchema({ formRef: 'class', formModel: 'Form', formRules: 'rules', fields: [] });
    expect(bad).toMatchObject({ formRules: 'rules' });
    expect('formRef' in bad || 'formModel' in bad).toBe(false);
  });
});

describe("the upload's 上传地址, 文件字段名, 自动上传 (action, fieldName, autoUpload)", () => {
  it('keeps a route of FORM_UPLOAD_ROUTES with a field it reads, and 自动上传 off', () => {
    expect(Object.keys(FORM_UPLOAD_ROUTES)).toEqual(['/api/action/upload/', '/api/action/uploadsOss/']);
    const parsed = parseFormSchema(form({}, [{ ...upload, action: '/api/action/uploadsOss/', fieldName: 'files', autoUpload: false }]));
    expect(parsed).toMatchObject({ ok: true, schema: { fields: [{ action: '/api/action/uploadsOss/', fieldName: 'files', autoUpload: false }] } });
    expect(parseFormSchema(form({}, [{ ...upload, action: '/api/action/upload/' }])).ok).toBe(true);
  });

  it('refuses any other address (another route of this server, another origin, a look-alike) and a field the route does not read', () => {
    const routes = "must be one of this server's upload routes /api/action/upload/, /api/action/uploadsOss/ (the file goes with the viewer's session)";
    for (const action of [
      '/api/action/delete/',
      '/api/user/logout/',
      'https://evil.example/upload',
      '//evil.example/api/action/upload/',
      '/api/action/upload',
      '/api/action/upload/?x=1',
      '/API/action/upload/',
      '',
      'constructor',
      '__proto__',
    ])
      expect(problems(form({}, [{ ...upload, action }])), action).toEqual([`fields[0].action: ${routes}, not ${JSON.stringify(action)}`]);
    expect(problems(form({}, [{ ...upload, action: 3 }]))).toEqual(['fields[0].action: must be an upload route of this server, not 3']);
    expect(problems(form({}, [{ ...upload, fieldName: 'file' }]))).toEqual([
      'fields[0].fieldName: must be a field that /api/action/upload/ reads the file from: files, not "file"',
    ]);
    expect(problems(form({}, [{ ...upload, action: '/api/action/uploadsOss/', fieldName: 'upload' }]))).toEqual([
      'fields[0].fieldName: must be a field that /api/action/uploadsOss/ reads the file from: files, not "upload"',
    ]);
    expect(problems(form({}, [{ ...upload, autoUpload: 'no' }]))).toEqual(['fields[0].autoUpload: must be true or false, not "no"']);
    // only uploads have them
    expect(problems(form({}, [{ ...text, action: '/api/action/upload/' }]))).toEqual(['fields[0].action: unknown key']);
  });

  it("version 1: a whitelisted action and its field come over, form-generator's demo URL and field `file` do not; auto-upload false does", () => {
    const v1 = (props: Record<string, unknown>) => ({
      fields: [{ __config__: { tag: 'el-upload', label: '附件', layout: 'colFormItem' }, __vModel__: 'doc', ...props }],
    });
    const kept = migrateFormSchema(v1({ action: '/api/action/uploadsOss/', name: 'files', 'auto-upload': false })).fields[0] as unknown as Record<
      string,
      unknown
    >;
    expect(kept).toMatchObject({ kind: 'upload', action: '/api/action/uploadsOss/', autoUpload: false });
    expect('fieldName' in kept).toBe(false);
    const demo = migrateFormSchema(v1({ action: 'https://jsonplaceholder.typicode.com/posts/', name: 'file', 'auto-upload': true }))
      .fields[0] as unknown as Record<string, unknown>;
    expect(['action', 'fieldName', 'autoUpload'].filter((k) => k in demo)).toEqual([]);
  });
});
