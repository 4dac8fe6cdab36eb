import { describe, expect, it } from 'vitest';
import {
  checkFormUploadFile,
  FORM_FIELD_KINDS,
  defaultFormValues,
  FORM_RULE_MESSAGES,
  FormSchemaError,
  formFieldStates,
  migrateFormSchema,
  parseFormSchema,
  validateFormValues,
  visibleFormValues,
  type FormField,
  type FormSchema,
} from '@qb/contracts';
import { manageEnUS as enUS, manageZhCN as zhCN } from '../src/i18n/manage.ts';
import { schemaFromTableMeta, type MetaTableInput } from '../src/forms/schemaFromTableMeta.ts';

const schemaOf = (...fields: FormField[]): FormSchema => ({ version: 2, fields });
const problemsOf = (input: unknown) => {
  const parsed = parseFormSchema(input);
  return parsed.ok ? [] : parsed.problems;
};

/** SPEC.md §2/§4's default designer sample, as form-generator (version 1) saves it. */
const designerSample = {
  fields: [
    {
      __config__: {
        label: '手机号',
        labelWidth: null,
        showLabel: true,
        changeTag: true,
        tag: 'el-input',
        tagIcon: 'input',
        required: true,
        layout: 'colFormItem',
        span: 24,
        document: 'https://element.eleme.cn/#/zh-CN/component/input',
        regList: [{ pattern: '/^1(3|4|5|7|8|9)\\d{9}$/', message: '手机号格式错误' }],
        formId: 101,
        renderKey: 1595761764203,
      },
      __slot__: { prepend: '', append: '' },
      __vModel__: 'mobile',
      placeholder: '请输入手机号',
      style: { width: '100%' },
      clearable: true,
      'prefix-icon': 'el-icon-mobile',
      'suffix-icon': '',
      maxlength: 11,
      'show-word-limit': true,
      readonly: false,
      disabled: false,
    },
  ],
  formRef: 'elForm',
  formModel: 'formData',
  size: 'medium',
  labelPosition: 'right',
  labelWidth: 100,
  formRules: 'rules',
  gutter: 15,
  disabled: false,
  span: 24,
  formBtns: true,
  unFocusedComponentBorder: false,
};

describe('migrateFormSchema', () => {
  it('upgrades the designer’s default sample to version 2, and it shows the same messages', () => {
    const schema = migrateFormSchema(designerSample);
    expect(schema).toEqual({
      version: 2,
      labelWidth: 100,
      labelPosition: 'right',
      size: 'middle',
      gutter: 15,
      span: 24,
      buttons: true,
      unFocusedComponentBorder: false,
      // 表单名, 表单模型, 校验模型 come over (issue 19 #11; the generated file names its variables so)
      formRef: 'elForm',
      formModel: 'formData',
      formRules: 'rules',
      fields: [
        {
          kind: 'text',
          name: 'mobile',
          label: { zh: '手机号' },
          span: 24,
          placeholder: { zh: '请输入手机号' },
          showCount: true,
          rules: {
            required: true,
            requiredMessage: { zh: '请输入手机号' },
            maxLength: 11,
            patterns: [{ regex: '^1(3|4|5|7|8|9)\\d{9}$', message: { zh: '手机号格式错误' } }],
          },
        },
      ],
    });
    expect(validateFormValues(schema, {}, 'zh-CN')).toEqual([{ field: 'mobile', message: '请输入手机号' }]);
    expect(validateFormValues(schema, { mobile: '   ' }, 'zh-CN')).toEqual([{ field: 'mobile', message: '请输入手机号' }]);
    expect(validateFormValues(schema, { mobile: '12345678901' }, 'zh-CN')).toEqual([{ field: 'mobile', message: '手机号格式错误' }]);
    expect(validateFormValues(schema, { mobile: '13812345678' }, 'zh-CN')).toEqual([]);
    // its messages were Chinese only: English readers get the generic English ones
    expect(validateFormValues(schema, {}, 'en-US')).toEqual([{ field: 'mobile', message: 'Please enter 手机号' }]);
    expect(validateFormValues(schema, { mobile: '123' }, 'en-US')).toEqual([{ field: 'mobile', message: '手机号 is not in the right format' }]);
    // version 2 goes through as it is, and a JSON text is read too
    expect(migrateFormSchema(schema)).toEqual(schema);
    expect(migrateFormSchema(JSON.stringify(designerSample))).toEqual(schema);
  });

  it('maps every component of the designer’s palette to its kind', () => {
    const cfg = (tag: string | undefined, extra: Record<string, unknown> = {}) => ({
      label: tag ?? 'x',
      tag,
      required: false,
      layout: 'colFormItem',
      span: 12,
      regList: [],
      ...extra,
    });
    const v1 = {
      fields: [
        { __config__: cfg('el-input', { tagIcon: 'textarea' }), __vModel__: 'f1', type: 'textarea', autosize: { minRows: 4, maxRows: 4 } },
        { __config__: cfg('el-input', { tagIcon: 'password' }), __vModel__: 'f2', 'show-password': true },
        { __config__: cfg('el-input-number'), __vModel__: 'f3', min: 1, max: 9, step: 2, precision: 0 },
        { __config__: cfg('tinymce', { tagIcon: 'rich-text' }), __vModel__: 'f4', height: 300 },
        {
          __config__: cfg('el-select'),
          __slot__: {
            options: [
              { label: '选项一', value: 1 },
              { label: '选项二', value: 2 },
            ],
          },
          __vModel__: 'f5',
          multiple: true,
        },
        {
          __config__: cfg('el-cascader', { dataType: 'static' }),
          __vModel__: 'f6',
          options: [{ id: 1, value: 1, label: '选项1', children: [{ id: 2, value: 2, label: '选项1-1' }] }],
          props: { props: { multiple: false, label: 'label', value: 'value', children: 'children', checkStrictly: true } },
        },
        { __config__: cfg('el-radio-group', { optionType: 'button', border: false }), __slot__: { options: [{ label: '是', value: '1' }] }, __vModel__: 'f7' },
        { __config__: cfg('el-checkbox-group', { defaultValue: [] }), __slot__: { options: [{ label: 'A', value: 'a' }] }, __vModel__: 'f8', min: 1, max: 1 },
        { __config__: cfg('el-switch', { defaultValue: false }), __vModel__: 'f9', 'active-value': 'Y', 'inactive-value': 'N', 'active-text': '开' },
        { __config__: cfg('el-slider', { defaultValue: null }), __vModel__: 'f10', min: 0, max: 50, step: 5, range: true },
        { __config__: cfg('el-time-picker', { tagIcon: 'time' }), __vModel__: 'f11', format: 'HH:mm:ss', 'value-format': 'HH:mm:ss' },
        { __config__: cfg('el-time-picker', { tagIcon: 'time-range' }), __vModel__: 'f12', 'is-range': true, 'start-placeholder': '开始时间' },
        { __config__: cfg('el-date-picker', { tagIcon: 'date' }), __vModel__: 'f13', type: 'datetime', 'value-format': 'yyyy-MM-dd HH:mm:ss' },
        { __config__: cfg('el-date-picker', { tagIcon: 'date-range' }), __vModel__: 'f14', type: 'monthrange', 'value-format': 'yyyy-MM' },
        { __config__: cfg('el-rate', { defaultValue: 0 }), __vModel__: 'f15', max: 10, 'allow-half': true, 'show-score': true },
        { __config__: cfg('el-color-picker'), __vModel__: 'f16', 'color-format': 'rgba' },
        {
          __config__: cfg('el-upload', { buttonText: '点击上传', fileSize: 500, sizeUnit: 'KB', showTip: true }),
          __slot__: { 'list-type': true },
          __vModel__: 'f17',
          action: 'https://jsonplaceholder.typicode.com/posts/',
          accept: 'image/*',
          'list-type': 'picture-card',
          multiple: true,
        },
        {
          __config__: {
            layout: 'rowFormItem',
            tagIcon: 'row',
            label: '行容器',
            componentName: 'row101',
            children: [{ __config__: cfg('el-input'), __vModel__: 'f18', placeholder: '请输入' }],
          },
          type: 'default',
          justify: 'center',
          align: 'top',
        },
        { __config__: cfg('el-button', { tagIcon: 'button', formId: 120 }), __slot__: { default: '主要按钮' }, type: 'primary' },
        {
          __config__: cfg('el-table', {
            tagIcon: 'table',
            componentName: 'row121',
            children: [{ __config__: { layout: 'raw', tag: 'el-table-column' }, prop: 'date', label: '日期' }],
          }),
        },
      ],
    };
    const schema = migrateFormSchema(v1);
    const byName = Object.fromEntries(schema.fields.map((f) => [f.name, f]));
    expect(schema.fields.map((f) => f.kind)).toEqual([
      'textarea',
      'password',
      'number',
      'richText',
      'select',
      'cascader',
      'radio',
      'checkbox',
      'switch',
      'slider',
      'time',
      'timeRange',
      'date',
      'dateRange',
      'rate',
      'color',
      'upload',
      'row',
      'button',
      'table',
    ]);
    expect(byName.f3).toMatchObject({ step: 2, precision: 0, rules: { min: 1, max: 9 } });
    expect(byName.f5).toMatchObject({
      multiple: true,
      options: [
        { label: { zh: '选项一' }, value: 1 },
        { label: { zh: '选项二' }, value: 2 },
      ],
    });
    expect(byName.f6).toMatchObject({
      changeOnSelect: true,
      options: [{ value: 1, label: { zh: '选项1' }, children: [{ value: 2, label: { zh: '选项1-1' } }] }],
    });
    expect(byName.f7).toMatchObject({ button: true });
    expect(byName.f8).toMatchObject({ rules: { min: 1, max: 1 } });
    expect(byName.f9).toMatchObject({ activeValue: 'Y', inactiveValue: 'N', activeText: { zh: '开' }, defaultValue: 'N' });
    expect(byName.f10).toMatchObject({ range: true, step: 5, rules: { min: 0, max: 50 } });
    expect(byName.f12).toMatchObject({ startPlaceholder: { zh: '开始时间' } });
    expect(byName.f13).toMatchObject({ type: 'datetime' });
    expect(byName.f13).not.toHaveProperty('format');
    expect(byName.f14).toMatchObject({ type: 'month' });
    expect(byName.f15).toMatchObject({ count: 10, allowHalf: true, showScore: true });
    expect(byName.f16).toMatchObject({ format: 'rgb', alpha: true });
    expect(byName.f17).toMatchObject({
      listType: 'picture-card',
      multiple: true,
      showTip: true,
      buttonText: { zh: '点击上传' },
      rules: { accept: ['image'], maxSize: { value: 500, unit: 'KB' } },
    });
    // the upload's own action is dropped: uploads always go to the server's upload call
    expect(JSON.stringify(byName.f17)).not.toContain('jsonplaceholder');
    expect(byName.row101).toMatchObject({ kind: 'row', justify: 'center', children: [{ kind: 'text', name: 'f18' }] });
    // a bare 请输入 placeholder says nothing as a message: the generic one is used
    expect(
      validateFormValues(
        { version: 2, fields: [{ kind: 'text', name: 'x', label: { zh: '备注' }, placeholder: { zh: '请输入' }, rules: { required: true } }] },
        {},
        'zh',
      ),
    ).toEqual([{ field: 'x', message: '请输入备注' }]);
    expect(byName.button120).toMatchObject({ kind: 'button', text: { zh: '主要按钮' }, buttonType: 'primary' });
    expect(byName.row121).toMatchObject({ kind: 'table', columns: [{ name: 'date', label: { zh: '日期' } }] });
  });

  it('refuses what it cannot upgrade, naming each problem by its path', () => {
    const attempt = (input: unknown) => {
      try {
        migrateFormSchema(input);
      } catch (error) {
        expect(error).toBeInstanceOf(FormSchemaError);
        return (error as FormSchemaError).problems;
      }
      throw new Error('accepted');
    };
    expect(attempt({ version: 3, fields: [] })).toEqual(['version: unknown form schema version 3 (known: 1, 2)']);
    expect(attempt('[1,')).toEqual(['(root): not JSON']);
    expect(attempt([])).toEqual(['(root): must be an object, not a list']);
    expect(attempt({ formRef: 'elForm' })).toEqual(['fields: is required (a list of components)']);
    expect(
      attempt({
        fields: [
          { __config__: { label: '未知', tag: 'el-transfer' }, __vModel__: 'a' },
          { __config__: { label: '坏正则', tag: 'el-input', regList: [{ pattern: '/([/', message: 'x' }] }, __vModel__: 'b' },
          { __config__: { label: '远程', tag: 'el-select', dataType: 'dynamic', url: 'https://www.fastmock.site/mock/x', method: 'get' }, __vModel__: 'c' },
          { __config__: { label: '上传', tag: 'el-upload', fileSize: 2, sizeUnit: 'TB' }, __vModel__: 'd' },
        ],
        size: 'huge',
      }),
    ).toEqual([
      'size: must be medium, small or mini, not "huge"',
      'fields[0].__config__.tag: unknown component "el-transfer"',
      'fields[3].__config__.sizeUnit: must be one of KB, MB, GB, not "TB"',
    ]);
    // the rest is found once the version 1 shape is right, by version 2 paths
    const later = attempt({
      fields: [
        { __config__: { label: '坏正则', tag: 'el-input', regList: [{ pattern: '/([/', message: 'x' }] }, __vModel__: 'b' },
        { __config__: { label: '远程', tag: 'el-select', dataType: 'dynamic', url: 'https://www.fastmock.site/mock/x', method: 'get' }, __vModel__: 'c' },
        { __config__: { label: '重名', tag: 'el-input' }, __vModel__: 'b' },
      ],
    });
    expect(later).toHaveLength(3);
    expect(later[0]).toMatch(/^after upgrading to version 2: fields\[0\]\.rules\.patterns\[0\]\.regex: is not a valid regular expression/);
    expect(later[1]).toBe(
      'after upgrading to version 2: fields[1].options.url: must be a path of this server (a single leading /, no backslash, space, control character, // or #) on one of the read routes /api/select/, /api/system/menu/, /api/user/list/, /api/datasources/tables/, not "https://www.fastmock.site/mock/x"',
    );
    expect(later[2]).toBe('after upgrading to version 2: fields[2].name: "b" is already the name of fields[0]');
  });
});

describe('parseFormSchema', () => {
  it('accepts a schema of every kind and answers a clean copy (plain strings become Chinese texts)', () => {
    const input = {
      version: 2,
      fields: [
        { kind: 'text', name: 'name', label: '姓名', rules: { required: true, requiredMessage: '名字必须填写', minLength: 2, maxLength: 10 } },
        {
          kind: 'select',
          name: 'memberid',
          label: { zh: '用户', en: 'Member' },
          options: { from: 'table', flag: 'sys_member', valueField: 'id', labelField: 'name' },
        },
        {
          kind: 'select',
          name: 'typeId',
          label: { zh: '分类' },
          options: {
            from: 'table',
            flag: 'questionsSmallClass',
            valueField: 'id',
            labelField: 'name',
            dependsOn: { field: 'memberid', whereField: 'subjectId' },
          },
        },
        {
          kind: 'cascader',
          name: 'area',
          label: { zh: '地区' },
          options: { from: 'url', url: '/api/select/?_flag=questionsClass', method: 'get', dataPath: 'data.list' },
        },
        {
          kind: 'upload',
          name: 'cover',
          label: { zh: '封面' },
          listType: 'picture-card',
          rules: { accept: ['image', '.webp'], maxSize: { value: 2, unit: 'MB' } },
        },
        {
          kind: 'row',
          name: 'row1',
          label: { zh: '' },
          children: [{ kind: 'switch', name: 'on', label: { zh: '开' }, linkage: [{ when: { field: 'name', op: 'filled' }, then: 'show' }] }],
        },
      ],
    };
    const parsed = parseFormSchema(input);
    expect(parsed.ok ? [] : parsed.problems).toEqual([]);
    const schema = (parsed as { schema: FormSchema }).schema;
    expect(schema.fields[0]).toEqual({
      kind: 'text',
      name: 'name',
      label: { zh: '姓名' },
      rules: { required: true, requiredMessage: { zh: '名字必须填写' }, minLength: 2, maxLength: 10 },
    });
    expect(parseFormSchema(JSON.stringify(schema))).toEqual({ ok: true, schema });
  });

  it('refuses bad schemas, naming every problem by its path', () => {
    expect(problemsOf(null)).toEqual(['(root): must be an object, not null']);
    expect(problemsOf({ fields: [] })).toEqual(['version: must be 2, not undefined (migrateFormSchema upgrades version 1)']);
    expect(problemsOf({ version: 2 })).toEqual(['fields: is required (a list of fields)']);
    expect(
      problemsOf({
        version: 2,
        labelPosition: 'middle',
        span: 30,
        colour: 'red',
        fields: [
          { kind: 'text', name: '1st', label: { zh: '' }, rules: { maxLength: 5, minLength: 9, min: 1 } },
          { kind: 'number', name: 'age', label: { zh: '年龄', fr: 'Âge' }, rules: { patterns: [{ regex: '[', flags: 'gg' }] } },
          {
            kind: 'select',
            name: 'city',
            label: { zh: '城市' },
            options: [
              { label: { zh: 'A' }, value: 1 },
              { label: { zh: 'B' }, value: 1 },
              { label: { zh: 'C' }, value: { x: 1 } },
            ],
          },
          { kind: 'select', name: 'remote', label: { zh: '远程' }, options: { from: 'url', url: 'http://evil.example/x', method: 'fetch' } },
          { kind: 'upload', name: 'file', label: { zh: '文件' }, rules: { accept: ['exe'], maxSize: { value: 2, unit: 'TB' } } },
          { kind: 'texty', name: 'x', label: { zh: 'x' } },
          { kind: 'radio', name: 'age', label: { zh: '重名' }, options: [] },
          {
            kind: 'date',
            name: 'when',
            label: { zh: '日期' },
            type: 'quarter',
            linkage: [{ when: { field: 'nobody', op: 'in', value: [] }, then: 'explode' }],
          },
          { kind: 'row', name: 'r', label: { zh: '' } },
          { kind: 'switch', name: 's', label: { zh: '开关' }, linkage: [{ when: { field: 's', op: 'equals', value: true }, then: 'hide' }] },
        ],
      }),
    ).toEqual([
      'colour: unknown key',
      'labelPosition: must be one of left, right, top, not "middle"',
      'span: must be a whole number from 1 to 24, not 30',
      'fields[0].name: must be a field name (letters, digits, _ or $, not starting with a digit), not "1st"',
      'fields[0].label.zh: must not be empty',
      'fields[0].rules.min: is not a rule of a text field',
      'fields[0].rules.minLength: is more than maxLength (9 > 5)',
      'fields[1].label.fr: unknown key',
      'fields[1].rules.patterns[0].flags: must be regular expression flags (g, i, m, s, u, y, each once), not "gg"',
      'fields[1].rules.patterns[0].regex: is not a valid regular expression (Invalid regular expression: /[/: Unterminated character class)',
      'fields[2].options[1].value: 1 is used twice',
      'fields[2].options[2].value: must be text or a number, not an object',
      'fields[3].options.url: must be a path of this server (a single leading /, no backslash, space, control character, // or #) on one of the read routes /api/select/, /api/system/menu/, /api/user/list/, /api/datasources/tables/, not "http://evil.example/x"',
      'fields[3].options.method: must be one of get, not "fetch"',
      'fields[4].rules.accept[0]: must be one of image, video, audio, excel, word, pdf, txt or an extension like ".pdf", not "exe"',
      'fields[4].rules.maxSize.unit: must be one of KB, MB, GB, not "TB"',
      `fields[5].kind: must be one of ${FORM_FIELD_KINDS.join(', ')}, not "texty"`,
      'fields[6].name: "age" is already the name of fields[1]',
      'fields[7].linkage[0].then: must be one of show, hide, require, disable, not "explode"',
      'fields[7].linkage[0].when.value: must be a non-empty list of texts, numbers or true/false for in',
      'fields[7].type: must be one of date, week, month, year, datetime, not "quarter"',
      'fields[8].children: is required (a list of fields)',
      'fields[9].linkage[0].when.field: a field cannot depend on itself',
    ]);
  });

  it('refuses linkage and dependent dropdowns that name no value field, and defaults of the wrong kind', () => {
    expect(
      problemsOf({
        version: 2,
        fields: [
          { kind: 'button', name: 'go', label: { zh: '' }, text: { zh: '走' } },
          { kind: 'text', name: 'a', label: { zh: 'A' }, linkage: [{ when: { field: 'go', op: 'filled' }, then: 'show' }] },
          {
            kind: 'select',
            name: 'b',
            label: { zh: 'B' },
            options: { from: 'table', flag: 't', valueField: 'id', labelField: 'name', dependsOn: { field: 'ghost', whereField: 'pid' } },
          },
        ],
      }),
    ).toEqual(['fields[1].linkage[0].when.field: "go" is a button, which holds no value', 'fields[2].options.dependsOn.field: no field is named "ghost"']);
    expect(problemsOf(schemaOf({ kind: 'checkbox', name: 'c', label: { zh: 'C' }, options: [], defaultValue: 'a' }))).toEqual([
      'fields[0].defaultValue: "a" is not a value of a checkbox field',
    ]);
  });
});

describe('validateFormValues', () => {
  it('uses SPEC.md §5’s generic messages, the same texts as the web app', () => {
    const strip = (s: string) => s.replace(/\{\{(\w+)\}\}/g, '{$1}');
    // the task configuration form says 请输入 through the web's texts; every dialog through these
    expect(FORM_RULE_MESSAGES.zh.enter).toBe(strip(zhCN.crud.enter));
    expect(FORM_RULE_MESSAGES.en.enter).toBe(strip(enUS.crud.enter));
    expect(FORM_RULE_MESSAGES.zh.enter).toBe('请输入{title}');
    expect(FORM_RULE_MESSAGES.zh.select).toBe('请选择{title}');
    expect(FORM_RULE_MESSAGES.zh.upload).toBe('请上传{title}');
    expect(FORM_RULE_MESSAGES.en.select).toBe('Please select {title}');
    expect(FORM_RULE_MESSAGES.en.upload).toBe('Please upload {title}');
    // SPEC.md §5's designer texts, verbatim
    expect(FORM_RULE_MESSAGES.zh.uploadSize).toBe('文件大小超过 {size}{unit}');
    expect(FORM_RULE_MESSAGES.zh.uploadType).toBe('应该选择{accept}类型的文件');

    const label = (zh: string) => ({ zh, en: zh.toUpperCase() });
    const schema = schemaOf(
      { kind: 'text', name: 'input', label: label('input'), rules: { required: true } },
      { kind: 'textarea', name: 'textarea', label: label('textarea'), rules: { required: true } },
      { kind: 'richText', name: 'editor', label: label('editor'), rules: { required: true } },
      { kind: 'number', name: 'number', label: label('number'), rules: { required: true } },
      { kind: 'select', name: 'select', label: label('select'), options: [], rules: { required: true } },
      { kind: 'radio', name: 'radio', label: label('radio'), options: [], rules: { required: true } },
      { kind: 'checkbox', name: 'checkbox', label: label('checkbox'), options: [], rules: { required: true } },
      { kind: 'cascader', name: 'cascader', label: label('cascader'), options: [], rules: { required: true } },
      { kind: 'date', name: 'date', label: label('date'), rules: { required: true } },
      { kind: 'time', name: 'time', label: label('time'), rules: { required: true } },
      { kind: 'date', name: 'dateTime', label: label('dateTime'), type: 'datetime', rules: { required: true } },
      { kind: 'upload', name: 'file', label: label('file'), rules: { required: true } },
      { kind: 'upload', name: 'img', label: label('img'), listType: 'picture-card', rules: { required: true } },
    );
    // an emptied editor still holds <p></p>; blank text is empty
    const values = { input: '  ', editor: '<p></p>', checkbox: [], cascader: [] };
    expect(validateFormValues(schema, values, 'zh-CN').map((p) => p.message)).toEqual([
      '请输入input',
      '请输入textarea',
      '请输入editor',
      '请输入number',
      '请选择select',
      '请选择radio',
      '请选择checkbox',
      '请选择cascader',
      '请选择date',
      '请选择time',
      '请选择dateTime',
      '请上传file',
      '请上传img',
    ]);
    expect(
      validateFormValues(schema, values, 'en-US')
        .slice(0, 5)
        .map((p) => p.message),
    ).toEqual(['Please enter INPUT', 'Please enter TEXTAREA', 'Please enter EDITOR', 'Please enter NUMBER', 'Please select SELECT']);
  });

  it('a field’s own messages win; lengths, patterns, bounds, counts, options and upload types are checked', () => {
    const schema = schemaOf(
      {
        kind: 'text',
        name: 'nick',
        label: { zh: '昵称', en: 'Nickname' },
        rules: { required: true, requiredMessage: { zh: '昵称必须填写', en: 'A nickname, please' }, minLength: 2, maxLength: 4 },
      },
      {
        kind: 'text',
        name: 'code',
        label: { zh: '编码' },
        rules: { maxLength: 3, patterns: [{ regex: '^[a-z]+$', flags: 'i', message: { zh: '只能是字母', en: 'Letters only' } }] },
      },
      { kind: 'number', name: 'age', label: { zh: '年龄' }, rules: { min: 1, max: 120 } },
      { kind: 'number', name: 'score', label: { zh: '分数' }, rules: { min: 0 } },
      { kind: 'slider', name: 'range', label: { zh: '区间' }, range: true, rules: { min: 10, max: 20 } },
      {
        kind: 'checkbox',
        name: 'tags',
        label: { zh: '标签' },
        options: [
          { label: { zh: 'A' }, value: 'a' },
          { label: { zh: 'B' }, value: 'b' },
        ],
        rules: { min: 2 },
      },
      { kind: 'select', name: 'city', label: { zh: '城市' }, options: [{ label: { zh: '北京' }, value: 'bj' }] },
      { kind: 'upload', name: 'pic', label: { zh: '图片' }, rules: { accept: ['image'] } },
      { kind: 'rate', name: 'stars', label: { zh: '星级' }, count: 5 },
      { kind: 'date', name: 'day', label: { zh: '日期' } },
    );
    const check = (values: Record<string, unknown>, lang = 'zh') => validateFormValues(schema, values, lang);
    expect(check({})).toEqual([{ field: 'nick', message: '昵称必须填写' }]);
    expect(check({}, 'en')).toEqual([{ field: 'nick', message: 'A nickname, please' }]);
    expect(check({ nick: '甲' })).toEqual([{ field: 'nick', message: '昵称长度在 2 到 4 个字符' }]);
    expect(
      check({ nick: '甲乙', code: 'a1', age: 0, score: -1, range: [5, 15], tags: ['a'], city: 'sh', pic: '/api/file/x.gif', stars: 6, day: 20240101 }),
    ).toEqual([
      { field: 'code', message: '只能是字母' },
      { field: 'age', message: '年龄必须在1到120之间' },
      { field: 'score', message: '分数不能小于0' },
      { field: 'range', message: '区间必须在10到20之间' },
      { field: 'tags', message: '标签至少选择2项' },
      { field: 'city', message: '城市的值不在可选项中' },
      { field: 'pic', message: '应该选择jpg、jpeg、png、bmp类型的文件' },
      { field: 'stars', message: '星级不能大于5' },
      { field: 'day', message: '日期的值不正确' },
    ]);
    expect(
      check({ nick: '甲乙', code: 'ABC', age: '18', tags: ['a', 'b'], city: 'bj', pic: '/api/file/x.PNG', range: [10, 20], stars: 4, day: '2024-01-01' }),
    ).toEqual([]);
    expect(check({ nick: '甲乙', code: 'abcd' }, 'en')).toEqual([{ field: 'code', message: '编码 must be at most 3 characters' }]);
    expect(check({ nick: 12, age: 'old' }, 'en')).toEqual([{ field: 'age', message: '年龄 must be a number' }]);
    expect(validateFormValues(schema, 'not values', 'zh')).toEqual([{ field: 'nick', message: '昵称必须填写' }]);
  });

  it('checks a picked file’s type and size before it is uploaded', () => {
    const field = { rules: { accept: ['excel', '.csv'], maxSize: { value: 2, unit: 'MB' as const } } };
    expect(checkFormUploadFile(field, { name: 'list.XLSX', size: 1024 }, 'zh')).toBeUndefined();
    expect(checkFormUploadFile(field, { name: 'list.pdf', size: 1024 }, 'zh')).toBe('应该选择xls、xlsx、csv类型的文件');
    expect(checkFormUploadFile(field, { name: 'list.pdf', size: 1024 }, 'en')).toBe('Please choose a file of type xls, xlsx, csv');
    expect(checkFormUploadFile(field, { name: 'big.csv', size: 2 * 1024 * 1024 }, 'zh')).toBe('文件大小超过 2MB');
    expect(checkFormUploadFile(field, { name: 'big.csv', size: 2 * 1024 * 1024 }, 'en')).toBe('The file is larger than 2 MB');
    expect(checkFormUploadFile({}, { name: 'any.bin', size: 1e12 }, 'zh')).toBeUndefined();
  });
});

describe('linkage', () => {
  const schema = schemaOf(
    {
      kind: 'radio',
      name: 'type',
      label: { zh: '类型' },
      options: [
        { label: { zh: '个人' }, value: 1 },
        { label: { zh: '企业' }, value: 2 },
      ],
      rules: { required: true },
    },
    {
      kind: 'text',
      name: 'company',
      label: { zh: '公司' },
      rules: { required: true },
      linkage: [{ when: { field: 'type', op: 'equals', value: 2 }, then: 'show' }],
    },
    { kind: 'text', name: 'taxId', label: { zh: '税号' }, linkage: [{ when: { field: 'company', op: 'filled' }, then: 'require' }] },
    {
      kind: 'text',
      name: 'nickname',
      label: { zh: '昵称' },
      rules: { required: true },
      linkage: [{ when: { field: 'type', op: 'in', value: [2, 3] }, then: 'hide' }],
    },
    { kind: 'switch', name: 'vip', label: { zh: '会员' } },
    {
      kind: 'number',
      name: 'discount',
      label: { zh: '折扣' },
      rules: { required: true },
      linkage: [{ when: { field: 'vip', op: 'equals', value: false }, then: 'disable' }],
    },
  );

  it('show / hide / require / disable follow the values; hidden and disabled fields are not validated', () => {
    const person = { type: 1, vip: false };
    expect(validateFormValues(schema, person, 'zh')).toEqual([{ field: 'nickname', message: '请输入昵称' }]);
    expect(formFieldStates(schema, person)).toMatchObject({
      company: { visible: false },
      taxId: { visible: true, required: false },
      nickname: { visible: true, required: true },
      discount: { visible: true, disabled: true },
    });
    const firm = { type: '2', vip: true };
    expect(validateFormValues(schema, firm, 'zh')).toEqual([
      { field: 'company', message: '请输入公司' },
      { field: 'discount', message: '请输入折扣' },
    ]);
    expect(validateFormValues(schema, { ...firm, company: 'ACME', discount: 9 }, 'zh')).toEqual([{ field: 'taxId', message: '请输入税号' }]);
  });

  it('a hidden field counts as empty for the fields that depend on it, and its value is not kept', () => {
    // company is filled but hidden (a person): taxId is not required by it
    const values = { type: 1, company: 'left over', nickname: '小王', vip: true, discount: 1 };
    expect(formFieldStates(schema, values).taxId).toEqual({ visible: true, required: false, disabled: false });
    expect(validateFormValues(schema, values, 'zh')).toEqual([]);
    expect(visibleFormValues(schema, values)).toEqual({ type: 1, nickname: '小王', vip: true, discount: 1 });
  });

  it('a row passes its state to its children, and a cycle settles', () => {
    const rows = schemaOf(
      { kind: 'checkbox', name: 'more', label: { zh: '更多' }, options: [{ label: { zh: '显示' }, value: 'y' }] },
      {
        kind: 'row',
        name: 'extra',
        label: { zh: '' },
        linkage: [{ when: { field: 'more', op: 'empty' }, then: 'hide' }],
        children: [{ kind: 'text', name: 'inner', label: { zh: '内' }, rules: { required: true } }],
      },
      { kind: 'text', name: 'a', label: { zh: 'A' }, linkage: [{ when: { field: 'b', op: 'empty' }, then: 'hide' }] },
      { kind: 'text', name: 'b', label: { zh: 'B' }, linkage: [{ when: { field: 'a', op: 'empty' }, then: 'hide' }] },
    );
    expect(validateFormValues(rows, { more: [] }, 'zh')).toEqual([]);
    expect(validateFormValues(rows, { more: ['y'] }, 'zh')).toEqual([{ field: 'inner', message: '请输入内' }]);
    const states = formFieldStates(rows, { a: 'x', b: 'y' });
    expect([states.a!.visible, states.b!.visible]).toEqual([true, true]);
    expect(() => formFieldStates(rows, { a: 'x' })).not.toThrow();
  });

  it('a new record starts from the defaults; a switch without one starts off', () => {
    expect(
      defaultFormValues(
        schemaOf(
          { kind: 'text', name: 't', label: { zh: 'T' }, defaultValue: '甲' },
          { kind: 'switch', name: 's', label: { zh: 'S' }, inactiveValue: 0, activeValue: 1 },
        ),
      ),
    ).toEqual({ t: '甲', s: 0 });
  });
});

describe('schemaFromTableMeta', () => {
  it('builds a form from the extended metadata: enumerations, references, trees, images, texts, dates and money', () => {
    const meta: MetaTableInput = {
      flag: 'questionsClass',
      title: { zh: '考题科目', en: 'Subjects' },
      primaryKey: 'id',
      tree: { parentColumn: 'parentId' },
      columns: [
        { name: 'id', type: 'int', required: false },
        { name: 'name', type: 'nvarchar', length: 50, required: true, title: { zh: '科目名称', en: 'Subject name' } },
        {
          name: 'parentId',
          type: 'int',
          required: false,
          title: { zh: '上级科目', en: 'Parent' },
          references: 'questionsClass',
          reference: { flag: 'questionsClass', labelColumn: 'name', treeColumn: 'parentId' },
        },
        { name: 'cover', type: 'image', required: false, title: { zh: '封面', en: 'Cover' } },
        {
          name: 'isUp',
          type: 'int',
          required: true,
          title: { zh: '上架状态', en: 'On shelf' },
          enum: [
            { value: 0, label: { zh: '未上架', en: 'Off' } },
            { value: 1, label: { zh: '已上架', en: 'On' } },
          ],
        },
        { name: 'memberid', type: 'int', required: false, title: { zh: '用户', en: 'Member' }, reference: { flag: 'sys_member', labelColumn: 'name' } },
        { name: 'intro', type: 'ntext', required: false },
        { name: 'story', type: 'ntext', required: false, ui: { control: 'editor' } },
        { name: 'balance', type: 'money', required: false, ui: { min: 0 } },
        { name: 'answerDate', type: 'datetime', required: false },
        { name: 'createTime', type: 'datetime', required: false, serverFilled: true },
        { name: 'secretNote', type: 'nvarchar', required: false, ui: { form: false } },
        { name: 'sortNum', type: 'int', required: true, defaultValue: 0, ui: { optional: true } },
        { name: 'isdelete', type: 'int', required: false },
      ],
    };
    const schema = schemaFromTableMeta(meta);
    expect(parseFormSchema(schema)).toEqual({ ok: true, schema });
    const byName = Object.fromEntries(schema.fields.map((f) => [f.name, f]));
    expect(Object.keys(byName)).toEqual(['name', 'parentId', 'cover', 'isUp', 'memberid', 'intro', 'story', 'balance', 'answerDate', 'sortNum']);
    expect(byName.name).toEqual({ kind: 'text', name: 'name', label: { zh: '科目名称', en: 'Subject name' }, rules: { required: true, maxLength: 50 } });
    expect(byName.parentId).toMatchObject({
      kind: 'cascader',
      emitPath: false,
      changeOnSelect: true,
      options: { from: 'table', flag: 'questionsClass', valueField: 'id', labelField: 'name', parentField: 'parentId' },
    });
    expect(byName.cover).toMatchObject({ kind: 'upload', listType: 'picture-card', rules: { accept: ['image'] } });
    // SPEC.md §9: the radio starts on 1
    expect(byName.isUp).toMatchObject({
      kind: 'radio',
      defaultValue: 1,
      rules: { required: true },
      options: [
        { value: 0, label: { zh: '未上架', en: 'Off' } },
        { value: 1, label: { zh: '已上架', en: 'On' } },
      ],
    });
    expect(byName.memberid).toMatchObject({ kind: 'select', options: { from: 'table', flag: 'sys_member', valueField: 'id', labelField: 'name' } });
    expect(byName.intro).toMatchObject({ kind: 'textarea', label: { zh: 'intro' } });
    expect(byName.story).toMatchObject({ kind: 'richText' });
    expect(byName.balance).toMatchObject({ kind: 'number', precision: 2, step: 0.01, rules: { min: 0 } });
    expect(byName.answerDate).toMatchObject({ kind: 'date', type: 'datetime' });
    expect(byName.sortNum).toEqual({ kind: 'number', name: 'sortNum', label: { zh: 'sortNum' }, precision: 0, defaultValue: 0 });
  });

  it('tolerates the older metadata without titles, enumerations or reference details', () => {
    const schema = schemaFromTableMeta(
      {
        flag: 'questionsSmallClass',
        columns: [
          { name: 'id', type: 'int', required: false },
          { name: 'name', type: 'nvarchar', length: 30, required: true },
          { name: 'typeId', type: 'nvarchar', required: false, list: true, references: 'questionsClass' },
          { name: 'createTime', type: 'datetime', required: false },
        ],
      },
      { omit: ['createTime'], labels: { name: { zh: '分类名称', en: 'Category' } } },
    );
    expect(schema.fields).toEqual([
      { kind: 'text', name: 'name', label: { zh: '分类名称', en: 'Category' }, rules: { required: true, maxLength: 30 } },
      {
        kind: 'select',
        name: 'typeId',
        label: { zh: 'typeId' },
        options: { from: 'table', flag: 'questionsClass', valueField: 'id', labelField: 'name' },
        filterable: true,
        multiple: true,
      },
    ]);
    expect(parseFormSchema(schema).ok).toBe(true);
  });
});
