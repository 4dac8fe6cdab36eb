import { beforeEach, describe, expect, it } from 'vitest';
import { loadDesigner, saveDoc, STORAGE_KEYS, STORAGE_VERSION } from '../src/designer/storage.ts';
import { designerReducer, initialDesignerState } from '../src/designer/store.ts';
import { defaultFileName } from '../src/designer/GenerateDialog.tsx';
import { designerEnUS, designerZhCN } from '../src/i18n/designer.ts';
import { leaves } from './textLeaves.ts';

const v1Sample = {
  fields: [
    {
      __config__: {
        label: '手机号',
        tag: 'el-input',
        tagIcon: 'input',
        layout: 'colFormItem',
        span: 24,
        required: true,
        formId: 6,
        renderKey: 1,
        regList: [{ pattern: '/^1(3|4|5|7|8|9)\\d{9}$/', message: '手机号格式错误' }],
      },
      __vModel__: 'mobile',
      placeholder: '请输入手机号',
      maxlength: 11,
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
};

describe('designer storage (SPEC.md §4, §9: 340 ms, marker 1.2)', () => {
  beforeEach(() => localStorage.clear());

  it('saves items, form config and counter with marker 1.2, and reads them back', () => {
    let s = designerReducer(initialDesignerState(), { type: 'add', kind: 'text' });
    s = designerReducer(s, { type: 'add', kind: 'row' });
    s = designerReducer(s, { type: 'add', kind: 'rate', parentId: 102 });
    s = designerReducer(s, { type: 'updateForm', patch: { labelWidth: 120 } });
    saveDoc(localStorage, s);
    expect(localStorage.getItem(STORAGE_KEYS.version)).toBe(STORAGE_VERSION);
    expect(localStorage.getItem(STORAGE_KEYS.idGlobal)).toBe('103');
    const stored = loadDesigner(localStorage);
    expect(stored.status).toBe('ok');
    if (stored.status !== 'ok') return;
    expect(stored.idGlobal).toBe(103);
    expect(stored.schema.labelWidth).toBe(120);
    expect(stored.schema.fields.map((f) => f.name)).toEqual(['field101', 'row102']);
  });

  it('migrates the reference designer’s older data (no marker 1.2) instead of wiping it', () => {
    localStorage.setItem(STORAGE_KEYS.items, JSON.stringify(v1Sample.fields));
    localStorage.setItem(STORAGE_KEYS.form, JSON.stringify({ ...v1Sample, fields: undefined }));
    localStorage.setItem(STORAGE_KEYS.idGlobal, '106');
    localStorage.setItem(STORAGE_KEYS.version, '1.1');
    const stored = loadDesigner(localStorage);
    expect(stored.status).toBe('migrated');
    if (stored.status !== 'migrated') return;
    expect(stored.schema.fields[0]).toMatchObject({
      kind: 'text',
      name: 'mobile',
      rules: { required: true, maxLength: 11, patterns: [{ regex: '^1(3|4|5|7|8|9)\\d{9}$' }] },
    });
    expect(localStorage.getItem(STORAGE_KEYS.version)).toBe('1.2');
    expect(loadDesigner(localStorage).status).toBe('ok');
  });

  it('drops unreadable data (not JSON, not a form) and says so', () => {
    localStorage.setItem(STORAGE_KEYS.items, '{oops');
    localStorage.setItem(STORAGE_KEYS.version, '1.2');
    expect(loadDesigner(localStorage).status).toBe('dropped');
    expect(localStorage.getItem(STORAGE_KEYS.items)).toBeNull();
    localStorage.setItem(STORAGE_KEYS.items, JSON.stringify([{ kind: 'nope', name: 'x' }]));
    localStorage.setItem(STORAGE_KEYS.version, '1.2');
    const stored = loadDesigner(localStorage);
    expect(stored.status).toBe('dropped');
    expect(stored.status === 'dropped' && stored.problems.join()).toMatch(/fields\[0\]/);
    expect(loadDesigner(localStorage).status).toBe('empty');
  });
});

describe('designer texts', () => {
  it('has every key in both languages, English without Chinese, and SPEC.md’s texts verbatim', () => {
    const zh = leaves(designerZhCN);
    const en = leaves(designerEnUS);
    expect([...zh.keys()].sort()).toEqual([...en.keys()].sort());
    for (const [k, v] of en) expect(/[\u4e00-\u9fff]/.test(String(v)), k).toBe(false);
    expect(designerZhCN.designer).toMatchObject({
      dialogTitle: '表单设计',
      empty: '从左侧拖入或点选组件进行表单设计',
      confirmClear: '确定要清空所有组件吗？',
      copied: '代码已复制到剪切板，可粘贴。',
      copyFailed: '代码复制失败',
      jsonError: 'JSON格式错误，请检查',
      tabs: { field: '组件属性', form: '表单属性' },
      gen: { typeRequired: '生成类型不能为空', fileNameRequired: '请输入文件名' },
      option: { labelRequired: '请输入选项名', valueRequired: '请输入选项值' },
      actions: { run: '运行', json: '查看json', clear: '清空', copyCode: '复制代码', refresh: '刷新' },
    });
    expect(designerEnUS.designer.empty).toBe('Drag or click components from the left to design the form');
  });
  it('names a generated file by a timestamp plus .tsx', () => {
    expect(defaultFileName(new Date(2026, 0, 2, 3, 4, 5))).toBe('20260102030405.tsx');
  });
});
