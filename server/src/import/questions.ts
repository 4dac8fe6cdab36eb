import type { MessageKey } from '../http/messages.ts';
import { OPTION_LETTERS, QUESTION_COLUMNS, type SheetRecord } from './templates.ts';

/** A question as stored: options are the texts of A, B, …; correct is the sorted letters (A, ACD). */
export interface QuestionData {
  name: string;
  options: string[];
  correct: string;
  explanation: string | null;
}

/** One thing wrong with one row; the message is translated when answered. */
export interface RowProblem {
  row: number;
  column: string;
  key: MessageKey;
  params?: Record<string, string | number>;
}

export interface QuestionLimits {
  stem: number;
  option: number;
  explanation: number;
}

const titleOf = (key: string) => QUESTION_COLUMNS.find((c) => c.key === key)!.title;
const JUDGE = ['正确', '错误'];
const TRUE_WORDS = new Set(['正确', '对', '是', '√', '✓', 'T', 'TRUE', 'Y', 'YES']);
const FALSE_WORDS = new Set(['错误', '错', '否', '×', '✗', 'F', 'FALSE', 'N', 'NO']);

type QuestionType = 'single' | 'multiple' | 'judge';
const TYPES = new Map<string, QuestionType>([
  ['单选', 'single'],
  ['单选题', 'single'],
  ['单项选择', 'single'],
  ['单项选择题', 'single'],
  ['single', 'single'],
  ['多选', 'multiple'],
  ['多选题', 'multiple'],
  ['多项选择', 'multiple'],
  ['多项选择题', 'multiple'],
  ['multiple', 'multiple'],
  ['判断', 'judge'],
  ['判断题', 'judge'],
  ['judge', 'judge'],
  ['truefalse', 'judge'],
]);

/** The type a stored question shows in the template's 题型 column. */
export function typeTitleOf(q: Pick<QuestionData, 'options' | 'correct'>): string {
  if (q.options.length === 2 && q.options[0] === JUDGE[0] && q.options[1] === JUDGE[1] && q.correct.length === 1) return '判断';
  return q.correct.length > 1 ? '多选' : '单选';
}

/**
 * Checks one row of the question sheet. Answers the question, or the problems of the row (all of
 * them, so that the operator can fix a row in one go).
 */
export function validateQuestion(record: SheetRecord, limits: QuestionLimits): QuestionData | RowProblem[] {
  const problems: RowProblem[] = [];
  const at = (key: string, problem: MessageKey, params?: Record<string, string | number>) =>
    problems.push({ row: record.row, column: titleOf(key), key: problem, ...(params ? { params } : {}) });
  const cell = (key: string) => record.get(key);

  const rawType = cell('type');
  const type = rawType === '' ? undefined : (TYPES.get(rawType) ?? TYPES.get(rawType.normalize('NFKC').replace(/\s/g, '').toLowerCase()));
  if (rawType !== '' && !type) at('type', 'importTypeInvalid', { value: rawType.slice(0, 20) });

  const name = cell('stem');
  if (name === '') at('stem', 'importStemMissing');
  else if (name.length > limits.stem) at('stem', 'importTooLong', { column: titleOf('stem'), max: limits.stem });

  let options = OPTION_LETTERS.map((l) => cell(l));
  let count = options.reduce((last, text, i) => (text !== '' ? i + 1 : last), 0);
  if (type === 'judge' && count === 0) {
    options = [...JUDGE];
    count = 2;
  }
  options = options.slice(0, count);
  options.forEach((text, i) => {
    const key = OPTION_LETTERS[i]!;
    if (text === '') at(key, 'importOptionGap', { column: titleOf(key) });
    else if (text.length > limits.option) at(key, 'importTooLong', { column: titleOf(key), max: limits.option });
  });
  if (count < 2) at('A', 'importTooFewOptions');
  if (type === 'judge' && (count !== 2 || options.some((o, i) => o !== JUDGE[i]))) at('A', 'importJudgeOptions');

  const correct = answerLetters(cell('answer'), options);
  if (correct.error) at('answer', correct.error, correct.params);
  else {
    const letters = correct.letters;
    const outside = letters.find((l) => l.charCodeAt(0) - 65 >= count);
    if (outside && count >= 2) at('answer', 'importAnswerNoOption', { letter: outside });
    if ((type === 'single' || type === 'judge') && letters.length !== 1) at('answer', 'importSingleOneAnswer');
    if (type === 'multiple' && letters.length < 2) at('answer', 'importMultipleAnswers');
  }

  const explanation = cell('explanation');
  if (explanation.length > limits.explanation) at('explanation', 'importTooLong', { column: titleOf('explanation'), max: limits.explanation });

  if (problems.length > 0) return problems;
  return { name, options, correct: correct.letters.join(''), explanation: explanation === '' ? null : explanation };
}

type Answer = { letters: string[]; error?: undefined; params?: undefined } | { letters: never[]; error: MessageKey; params?: Record<string, string> };

/** A, acd, "A,C,D", "A、C" → sorted letters; 正确/错误 (对/错, √/×) for a true/false question. */
function answerLetters(raw: string, options: string[]): Answer {
  const judge = options.length === 2 && options[0] === JUDGE[0] && options[1] === JUDGE[1];
  // the usual case, checked without normalising: distinct letters in order (F may mean false in a true/false question)
  if (!judge && /^[A-Z]{1,6}$/.test(raw) && [...raw].every((l, i) => i === 0 || l > raw[i - 1]!)) return { letters: [...raw] };
  const text = raw
    .normalize('NFKC')
    .replace(/[\s,;、，；/]/g, '')
    .toUpperCase();
  if (text === '') return { letters: [], error: 'importAnswerMissing' };
  if (judge && TRUE_WORDS.has(text)) return { letters: ['A'] };
  if (judge && FALSE_WORDS.has(text)) return { letters: ['B'] };
  if (!/^[A-Z]+$/.test(text)) return { letters: [], error: 'importAnswerInvalid', params: { value: raw.slice(0, 20) } };
  const letters = [...text];
  if (new Set(letters).size !== letters.length) return { letters: [], error: 'importAnswerDuplicate', params: { value: raw.slice(0, 20) } };
  return { letters: letters.sort() };
}

/** A stored question as a row of the template's question sheet (the export). */
export function questionRow(q: QuestionData): string[] {
  const values = new Map<string, string>([
    ['type', typeTitleOf(q)],
    ['stem', q.name],
    ['answer', q.correct],
    ['explanation', q.explanation ?? ''],
  ]);
  OPTION_LETTERS.forEach((l, i) => values.set(l, q.options[i] ?? ''));
  return QUESTION_COLUMNS.map((c) => values.get(c.key)!);
}
