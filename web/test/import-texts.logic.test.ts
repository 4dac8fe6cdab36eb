import { describe, expect, it } from 'vitest';
import { leaves } from './textLeaves.ts';
import i18n from '../src/i18n/index.ts';
import { IMPORT_NS, importTextsEnUS, importTextsZhCN } from '../src/import/texts.ts';
import { categoryImportButton, questionBankImportButtons } from '../src/import/toolbarButtons.tsx';

describe('import texts', () => {
  const zh = leaves(importTextsZhCN);
  const en = leaves(importTextsEnUS);

  it('has the same keys in both languages, none empty, and no Chinese in English', () => {
    expect([...zh.keys()]).toEqual([...en.keys()]);
    for (const [key, value] of en) {
      expect(typeof value === 'string' && value.length > 0, key).toBe(true);
      expect(/[\u4e00-\u9fff]/.test(String(value)), `${key}: ${value}`).toBe(false);
    }
    for (const [key, value] of zh) expect(typeof value === 'string' && value.length > 0, key).toBe(true);
  });

  it('keeps the words of SPEC.md §4, §5 and §8 in English and says them in Chinese', () => {
    const spec = {
      'message.selectQuestionSubject': ['请选择题目科目', 'Please select question subject'],
      'message.selectQuestionCategory': ['请选择题目分类', 'Please select question category'],
      'message.uploadTemplate': ['请上传模板文件', 'Please upload template file'],
      'message.selectSubject': ['请选择科目', 'Please select subject'],
      'message.importSuccessful': ['导入成功', 'Import successful'],
      'button.addingCategories': ['正在添加分类...', 'Adding categories...'],
      'button.importing': ['正在导入...', 'Importing...'],
      'button.success': ['导入成功', 'Import successful'],
    };
    for (const [key, [zhText, enText]] of Object.entries(spec)) {
      expect(i18n.getFixedT('zh-CN', IMPORT_NS)(key)).toBe(zhText);
      expect(i18n.getFixedT('en-US', IMPORT_NS)(key)).toBe(enText);
    }
    expect(i18n.getFixedT('en-US', IMPORT_NS)('message.xlsOnly')).toMatch(/^Please upload xls files/);
    expect(i18n.getFixedT('zh-CN', IMPORT_NS)('message.xlsOnly')).toMatch(/^请上传 xls 文件/);
  });

  it('gives the toolbar buttons labels that the page’s default namespace resolves', () => {
    const zhT = i18n.getFixedT('zh-CN');
    const enT = i18n.getFixedT('en-US');
    const buttons = [...questionBankImportButtons, categoryImportButton];
    expect(buttons.map((b) => zhT(b.labelKey))).toEqual(['导入', '导出题目', '导入分类']);
    expect(buttons.map((b) => enT(b.labelKey))).toEqual(['Import', 'Export questions', 'Import categories']);
    // toolbar-export is the page's own table export
    expect(buttons.map((b) => b.key)).toEqual(['import', 'export-questions', 'import-categories']);
  });
});
