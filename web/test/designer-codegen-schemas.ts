import type { FormSchema } from '@qb/contracts';

// Golden inputs of web/test/designer-codegen.test.tsx: every palette component, the spec's sample, hostile texts.

/** SPEC.md §2's default sample (mobile, max length 11, required, phone pattern 手机号格式错误), as the migration makes it. */
export const defaultSample: FormSchema = {
  version: 2,
  labelWidth: 100,
  labelPosition: 'right',
  size: 'middle',
  gutter: 15,
  span: 24,
  buttons: true,
  fields: [
    {
      kind: 'text',
      name: 'mobile',
      label: { zh: '手机号', en: 'Mobile' },
      span: 24,
      placeholder: { zh: '请输入手机号', en: 'Enter the mobile number' },
      showCount: true,
      rules: {
        required: true,
        maxLength: 11,
        patterns: [{ regex: '^1(3|4|5|7|8|9)\\d{9}$', message: { zh: '手机号格式错误', en: 'Not a mobile number' } }],
      },
    },
  ],
};

const opts = [
  { label: { zh: '选项一', en: 'One' }, value: 1 },
  { label: { zh: '选项二', en: 'Two' }, value: 2 },
];
const tree = [{ label: { zh: '浙江' }, value: 'zj', children: [{ label: { zh: '杭州' }, value: 'hz' }] }];

/** All 21 palette components, with linkage, options from a URL and from tables, a row holding fields. */
export const allKinds: FormSchema = {
  version: 2,
  labelWidth: 110,
  gutter: 12,
  buttons: true,
  fields: [
    {
      kind: 'text',
      name: 'title',
      label: { zh: '标题' },
      prepend: { zh: 'http://' },
      append: { zh: '.com' },
      prefixIcon: 'UserOutlined',
      suffixIcon: 'LinkOutlined',
      width: '60%',
      rules: { required: true, minLength: 2, maxLength: 20 },
    },
    { kind: 'textarea', name: 'intro', label: { zh: '简介' }, rows: 3, rules: { maxLength: 200 } },
    { kind: 'password', name: 'secret', label: { zh: '密码' }, prefixIcon: 'LockOutlined', suffixIcon: 'KeyOutlined', rules: { required: true, minLength: 6 } },
    {
      kind: 'number',
      name: 'age',
      label: { zh: '年龄' },
      step: 1,
      precision: 0,
      rules: { required: true, min: 0, max: 150, patterns: [{ regex: '^\\d+$', flags: 'g' }] },
    },
    { kind: 'richText', name: 'body', label: { zh: '正文' }, height: 240, rules: { required: true } },
    { kind: 'select', name: 'level', label: { zh: '级别' }, options: opts, filterable: true, rules: { required: true } },
    { kind: 'select', name: 'tags', label: { zh: '标签' }, options: opts, multiple: true, rules: { required: true, min: 1, max: 2 } },
    {
      kind: 'select',
      name: 'remote',
      label: { zh: '远程' },
      options: { from: 'url', url: '/api/system/menu/', method: 'get', dataPath: 'data.list', labelField: 'text', valueField: 'id' },
    },
    { kind: 'cascader', name: 'city', label: { zh: '城市' }, options: tree, rules: { required: true } },
    { kind: 'cascader', name: 'leaf', label: { zh: '叶子' }, options: tree, emitPath: false, changeOnSelect: true },
    {
      kind: 'cascader',
      name: 'subject',
      label: { zh: '科目' },
      options: { from: 'table', flag: 'questionsClass', valueField: 'id', labelField: 'name', parentField: 'parentId', sort: 'sortNum' },
    },
    {
      kind: 'select',
      name: 'category',
      label: { zh: '分类' },
      options: { from: 'table', flag: 'questionsSmallClass', valueField: 'id', labelField: 'name', dependsOn: { field: 'subject', whereField: 'subjectId' } },
    },
    { kind: 'radio', name: 'type', label: { zh: '类型' }, options: opts, defaultValue: 1, button: true },
    { kind: 'checkbox', name: 'days', label: { zh: '日子' }, options: opts, rules: { required: true, max: 1 } },
    { kind: 'switch', name: 'enabled', label: { zh: '启用' }, activeValue: 1, inactiveValue: 0, activeText: { zh: '开' }, inactiveText: { zh: '关' } },
    { kind: 'switch', name: 'flag', label: { zh: '标记' } },
    { kind: 'slider', name: 'score', label: { zh: '分数' }, step: 5, showStops: true, rules: { max: 50 } },
    { kind: 'slider', name: 'band', label: { zh: '区间' }, range: true, defaultValue: [10, 20] },
    { kind: 'time', name: 'at', label: { zh: '时间' }, rules: { required: true } },
    { kind: 'timeRange', name: 'hours', label: { zh: '时段' }, format: 'HH:mm', startPlaceholder: { zh: '开始' }, endPlaceholder: { zh: '结束' } },
    { kind: 'date', name: 'day', label: { zh: '日期' }, defaultValue: '2024-05-01' },
    { kind: 'date', name: 'week', label: { zh: '周' }, type: 'week' },
    { kind: 'date', name: 'stamp', label: { zh: '时刻' }, type: 'datetime' },
    { kind: 'dateRange', name: 'period', label: { zh: '期间' }, type: 'month', rules: { required: true } },
    { kind: 'rate', name: 'stars', label: { zh: '评分' }, allowHalf: true, showText: true },
    { kind: 'color', name: 'colour', label: { zh: '颜色' }, format: 'rgb', alpha: true },
    {
      kind: 'upload',
      name: 'cover',
      label: { zh: '封面' },
      listType: 'picture-card',
      defaultValue: '/uploads/a.png',
      showTip: true,
      rules: { required: true, accept: ['image'], maxSize: { value: 2, unit: 'MB' } },
    },
    { kind: 'upload', name: 'files', label: { zh: '附件' }, multiple: true, limit: 3, buttonText: { zh: '选择文件' }, rules: { accept: ['.pdf', 'word'] } },
    {
      kind: 'row',
      name: 'row101',
      label: { zh: '' },
      gutter: 10,
      justify: 'space-between',
      align: 'middle',
      linkage: [{ when: { field: 'type', op: 'equals', value: 2 }, then: 'show' }],
      children: [
        { kind: 'text', name: 'company', label: { zh: '公司' }, span: 12, rules: { required: true } },
        {
          kind: 'text',
          name: 'taxNo',
          label: { zh: '税号' },
          span: 12,
          linkage: [
            { when: { field: 'company', op: 'filled' }, then: 'require' },
            { when: { field: 'enabled', op: 'in', value: [0] }, then: 'disable' },
          ],
        },
      ],
    },
    { kind: 'text', name: 'note', label: { zh: '备注' }, readonly: true, linkage: [{ when: { field: 'flag', op: 'equals', value: true }, then: 'hide' }] },
    {
      kind: 'button',
      name: 'btn101',
      label: { zh: '按钮' },
      text: { zh: '提交它' },
      icon: 'FormOutlined',
      buttonType: 'success',
      size: 'small',
      action: 'submit',
    },
    { kind: 'button', name: 'btn102', label: { zh: '' }, showLabel: false, text: { zh: '危险' }, buttonType: 'danger', action: 'none', disabled: true },
    {
      kind: 'table',
      name: 'table101',
      label: { zh: '明细' },
      columns: [
        { name: 'a', label: { zh: '列A' } },
        { name: 'b', label: { zh: '列B' } },
      ],
    },
  ],
};

/** Texts that must stay text in generated code. */
export const HOSTILE = [
  'He said "hi" & \'bye\'',
  'back`tick` ${alert(1)}',
  'end */ /* open',
  '</script><script>alert(1)</script>',
  'line one\nline two\r\n\ttab',
  '{curly} } { <b>bold</b>',
  '\\u0041 backslash \\',
];

const h = (i: number) => ({ zh: HOSTILE[i % HOSTILE.length]!, en: HOSTILE[(i + 1) % HOSTILE.length]! });

/** Hostile labels, placeholders, messages, option labels, button and column texts. */
export const hostile: FormSchema = {
  version: 2,
  labelPosition: 'top',
  disabled: false,
  fields: [
    { kind: 'text', name: 'a', label: h(0), placeholder: h(1), prepend: h(2), rules: { required: true, patterns: [{ regex: '^[^"`$]*$', message: h(3) }] } },
    { kind: 'textarea', name: 'b', label: h(4), rules: { required: true, requiredMessage: h(5) } },
    { kind: 'select', name: 'c', label: h(6), options: HOSTILE.map((t, i) => ({ label: { zh: t, en: t }, value: `v${i}"\`` })), rules: { required: true } },
    { kind: 'checkbox', name: 'd', label: h(1), options: [{ label: h(2), value: 1 }], rules: { required: true } },
    { kind: 'upload', name: 'e', label: h(3), buttonText: h(4), rules: { required: true, accept: ['pdf'], maxSize: { value: 5, unit: 'KB' } }, showTip: true },
    { kind: 'switch', name: 'f', label: h(5), activeValue: 'y"es', inactiveValue: 'n`o', activeText: h(6), inactiveText: h(0) },
    { kind: 'button', name: 'g', label: h(1), text: h(2) },
    { kind: 'table', name: 't', label: h(3), columns: [{ name: 'x', label: h(4) }] },
    { kind: 'timeRange', name: 'i', label: h(5), startPlaceholder: h(6), endPlaceholder: h(0) },
  ],
};
