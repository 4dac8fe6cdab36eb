import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';

interface FieldState {
  errors?: string[];
}

/**
 * Validation errors announced as they appear: antd ties each error to its field (aria-describedby, aria-invalid)
 * but does not announce it. Give `onFieldsChange` to the Form and render `region` inside it: a polite live region,
 * present (empty) from the start, saying how many fields need attention (有 2 项需要修改); each field's own message
 * is read with the field, through aria-describedby (the form also moves the focus to the first one on a failed
 * submit). The messages are not repeated in it: the page would show each twice to anything reading its text.
 * Kept free of antd so the login page can use it without weight.
 */
export function useErrorAnnouncer() {
  const { t } = useTranslation();
  const [count, setCount] = useState(0);
  const onFieldsChange = useCallback((_changed: unknown, all: FieldState[]) => {
    setCount(all.filter((f) => (f.errors ?? []).some(Boolean)).length);
  }, []);
  const text = count > 0 ? t('app.formErrors', { count }) : '';
  const region = (
    <div className="qb-sr-only" role="status" aria-live="polite" aria-atomic="true" data-testid="form-errors-live">
      {text}
    </div>
  );
  return { onFieldsChange, region };
}
