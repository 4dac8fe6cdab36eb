import { Button, Checkbox, Form, Input } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { FormFieldProps } from '../../crud/types.ts';

/** Options are labelled A, B, C...; a question has at most 10. */
export const MAX_OPTIONS = 10;
export const letterOf = (index: number) => String.fromCharCode(65 + index);

/** questionBank.options is stored as a JSON array of option texts. */
export function parseOptions(stored: unknown): string[] {
  if (Array.isArray(stored)) return stored.map(String);
  if (typeof stored !== 'string' || stored.trim() === '') return [];
  try {
    const parsed = JSON.parse(stored);
    return Array.isArray(parsed) ? parsed.map(String) : [stored];
  } catch {
    return [stored];
  }
}

/** 'ACD' <-> ['A', 'C', 'D'] */
export const parseLetters = (stored: unknown): string[] => (typeof stored === 'string' ? [...stored.toUpperCase()].filter((c) => /[A-Z]/.test(c)) : []);
export const joinLetters = (letters: unknown): string => (Array.isArray(letters) ? [...new Set(letters.map(String))].sort().join('') : '');

/** The option texts, one input per option, labelled by letter. */
export function OptionListEditor({ value, onChange }: FormFieldProps) {
  const { t } = useTranslation();
  const options = Array.isArray(value) ? (value as string[]) : [];
  const set = (next: string[]) => onChange?.(next);
  return (
    <div className="qb-option-list" data-testid="option-list">
      {options.map((text, i) => (
        <div key={i} className="qb-option-row">
          <span className="qb-option-letter">{letterOf(i)}</span>
          <Input
            value={text}
            placeholder={t('pages.questionBank.optionPlaceholder', { letter: letterOf(i) })}
            aria-label={t('pages.questionBank.optionPlaceholder', { letter: letterOf(i) })}
            onChange={(e) => set(options.map((o, j) => (j === i ? e.target.value : o)))}
          />
          <Button
            type="text"
            danger
            icon={<DeleteOutlined />}
            aria-label={t('pages.questionBank.removeOption', { letter: letterOf(i) })}
            onClick={() => set(options.filter((_, j) => j !== i))}
          />
        </div>
      ))}
      {options.length < MAX_OPTIONS && (
        <Button type="dashed" icon={<PlusOutlined />} onClick={() => set([...options, ''])} block>
          {t('pages.questionBank.addOption')}
        </Button>
      )}
    </div>
  );
}

/** The correct answer: one checkbox per filled option letter. */
export function CorrectLettersEditor({ value, onChange }: FormFieldProps) {
  const { t } = useTranslation();
  const options = (Form.useWatch('options') as string[] | undefined) ?? [];
  const letters = options.map((_, i) => letterOf(i));
  if (letters.length === 0) return <span className="qb-cell-none">{t('pages.questionBank.correctNeedsOptions')}</span>;
  return <Checkbox.Group value={(value as string[]) ?? []} onChange={(v) => onChange?.(v)} options={letters.map((l) => ({ value: l, label: l }))} />;
}

/**
 * Form values -> stored form: empty options are dropped and the correct letters follow the options that
 * stay (B of ['x', '', 'y'] ... C becomes B).
 */
export function storedQuestion(options: unknown, correct: unknown): { options: string; correctOptions: string } {
  const list = Array.isArray(options) ? options.map((o) => String(o ?? '').trim()) : [];
  const chosen = new Set(Array.isArray(correct) ? correct.map(String) : parseLetters(correct));
  const kept: string[] = [];
  const letters: string[] = [];
  list.forEach((text, i) => {
    if (text === '') return;
    if (chosen.has(letterOf(i))) letters.push(letterOf(kept.length));
    kept.push(text);
  });
  return { options: JSON.stringify(kept), correctOptions: joinLetters(letters) };
}
