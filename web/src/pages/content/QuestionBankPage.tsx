import { TablePage } from '../../crud/TablePage.tsx';
import type { PageOverrides } from '../../crud/configFromMeta.ts';
import type { ToolbarButton } from '../../crud/types.ts';
import { questionBankImportButtons } from '../../import/toolbarButtons.tsx';
import './content.css';
import { CorrectLettersEditor, letterOf, OptionListEditor, parseLetters, parseOptions, storedQuestion } from './questionOptions.tsx';

/** The page's own toolbar buttons: the spreadsheet import (SPEC.md §2 Questions) and the export. */
export const questionBankToolbarButtons: ToolbarButton[] = [...questionBankImportButtons];

/**
 * 题库: the category is a dropdown of the chosen subject's categories; options are edited as a list and the
 * answer as letters (code of this page, not part of the form schema).
 */
export const questionBankPage: PageOverrides = {
  key: 'questionBank',
  flag: 'questionBank',
  titleKey: 'route.questionBank',
  toolbarButtons: questionBankToolbarButtons,
  // the question itself first (the registry lists its subject and category first)
  order: ['name'],
  // at 1280 px, in English too (its Actions column is the widest: History, Edit, Delete), every column and the fixed
  // actions fit side by side, "Correct answer" whole (issue 31; e2e/columns-focus-1280)
  fields: {
    name: { column: { width: 185 } },
    parentId: { options: { sort: 'sortNum' }, column: { width: 130 } },
    typeId: { options: { treeParent: undefined, dependsOn: { field: 'parentId', whereField: 'subjectId' } }, column: { width: 120 } },
    options: {
      column: {
        width: 175,
        text: (v) =>
          parseOptions(v)
            .map((o, i) => `${letterOf(i)}. ${o}`)
            .join('  '),
      },
      component: OptionListEditor,
    },
    correctOptions: { component: CorrectLettersEditor, column: { width: 135 } },
  },
  // a new question starts with four empty options, A to D
  toForm: (row) => ({ ...row, options: row.id ? parseOptions(row.options) : ['', '', '', ''], correctOptions: parseLetters(row.correctOptions) }),
  toParams: (values) => ({ ...values, ...storedQuestion(values.options, values.correctOptions) }),
};

export default function QuestionBankPage() {
  return <TablePage page={questionBankPage} />;
}
