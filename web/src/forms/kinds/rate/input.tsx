import type { ReactNode } from 'react';
import { Rate, Space, Typography } from 'antd';
import type { FormFieldOf } from '@qb/contracts';
import type { KindInputProps, WebKindDescriptor } from '../descriptor.ts';

const RATE_TEXTS = ['forms.rate1', 'forms.rate2', 'forms.rate3', 'forms.rate4', 'forms.rate5'] as const;

function RateInput({ field, value, change, id, disabled, readOnly, t }: KindInputProps<FormFieldOf<'rate'>>) {
  const score = typeof value === 'number' ? value : Number(value) || 0;
  const count = field.count ?? 5;
  let aside: ReactNode = null;
  // the five texts of SPEC.md's designer; other star counts show the score instead
  if (field.showText && score > 0) aside = count === 5 ? t(RATE_TEXTS[Math.ceil(score) - 1]!) : t('forms.score', { score });
  else if (field.showScore) aside = t('forms.score', { score });
  return (
    <Space>
      <Rate id={id} value={score} count={count} allowHalf={!!field.allowHalf} onChange={(v) => change(v)} disabled={disabled || readOnly} />
      {aside !== null && <Typography.Text data-testid="rate-text">{aside}</Typography.Text>}
    </Space>
  );
}

const rateKind: WebKindDescriptor<FormFieldOf<'rate'>> = { kind: 'rate', Input: RateInput };
export default rateKind;

declare module '../index.ts' {
  interface WebKindInputs {
    rate: typeof rateKind;
  }
}
