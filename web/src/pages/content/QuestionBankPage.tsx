import { CrudPage } from '../../crud/CrudPage.tsx';
import type { CrudPageConfig, ToolbarButton } from '../../crud/types.ts';
import { createTimeField } from './enums.ts';
import './content.css';
import { CorrectLettersEditor, letterOf, OptionListEditor, parseLetters, parseOptions, storedQuestion } from './questionOptions.tsx';
import { questionBankImportButtons } from '../../import/toolbarButtons.tsx';

/** The page's own toolbar buttons: the spreadsheet import (SPEC.md §2 Questions) is added here by the import work. */
export const questionBankToolbarButtons: ToolbarButton[] = [...questionBankImportButtons];

/** 题库: questions searched by subject and category; options edited as a list, the answer as letters. */
export const questionBankConfig: CrudPageConfig = {
  key: 'questionBank',
  flag: 'questionBank',
  titleKey: 'route.questionBank',
  sort: { field: 'id', order: 'desc' },
  toolbarButtons: questionBankToolbarButtons,
  fields: [
    { name: 'name', titleKey: 'pages.questionBank.name', column: { width: 220 }, form: { kind: 'textarea' }, search: {} },
    {
      name: 'parentId',
      titleKey: 'pages.questionBank.parentId',
      options: { flag: 'questionsClass', treeParent: 'parentId', sort: 'sortNum' },
      column: { width: 140 },
      search: { kind: 'cascader' },
    },
    {
      name: 'typeId',
      titleKey: 'pages.questionBank.typeId',
      options: { flag: 'questionsSmallClass', dependsOn: { field: 'parentId', whereField: 'subjectId' } },
      column: { width: 140 },
      search: { kind: 'select' },
    },
    {
      name: 'options',
      titleKey: 'pages.questionBank.options',
      column: { width: 220, text: (v) => parseOptions(v).map((o, i) => `${letterOf(i)}. ${o}`).join('  ') },
      form: { component: OptionListEditor },
    },
    { name: 'correctOptions', titleKey: 'pages.questionBank.correctOptions', column: { width: 100 }, form: { component: CorrectLettersEditor, messageKind: 'select' } },
    { name: 'subject', titleKey: 'pages.questionBank.subject', column: { kind: 'html', width: 220, hidden: true }, form: { kind: 'editor' } },
    { ...createTimeField, column: { width: 170, hidden: true } },
  ],
  // a new question starts with four empty options, A to D
  toForm: (row) => ({ ...row, options: row.id ? parseOptions(row.options) : ['', '', '', ''], correctOptions: parseLetters(row.correctOptions) }),
  toParams: (values) => ({ ...values, ...storedQuestion(values.options, values.correctOptions) }),
};

export default function QuestionBankPage() {
  return <CrudPage config={questionBankConfig} />;
}
