import { useTranslation } from 'react-i18next';
import { LOGIN_LOG_REASONS } from '@qb/contracts/loginReasons';
import type { PageOverrides } from '../../crud/configFromMeta.ts';
import i18n from '../../i18n/index.ts';

const LISTED = new Set<string>(LOGIN_LOG_REASONS);

/** The key of a reason's label; a value written before the list existed shows as it is stored. */
export const loginReasonKey = (reason: string) => `pages.loginLog.reason.${reason}`;

/** A refusal's reason as a person reads it, in the page's language. */
export function loginReasonText(value: unknown, t: (key: string) => string): string {
  if (value === null || value === undefined || value === '') return '';
  const reason = String(value);
  return LISTED.has(reason) ? t(loginReasonKey(reason)) : reason;
}

function ReasonCell({ value }: { value: unknown }) {
  const { t } = useTranslation();
  const text = loginReasonText(value, t);
  return text ? <span title={String(value)}>{text}</span> : <span className="qb-cell-none">—</span>;
}

/** 登录日志 (generated page of sys_loginLog): the reason of a refusal by its label (LOGIN_LOG_REASONS), not its key. */
export const loginLogPage: Pick<PageOverrides, 'fields' | 'order'> = {
  fields: {
    reason: {
      column: {
        render: (value) => <ReasonCell value={value} />,
        text: (value) => loginReasonText(value, (key) => i18n.t(key)),
      },
    },
  },
};
