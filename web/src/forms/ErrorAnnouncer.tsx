import { useCallback, useState } from 'react';

interface FieldState {
  errors?: string[];
}

/**
 * Validation errors read out as they appear: antd ties each error to its field (aria-describedby, aria-invalid)
 * but does not announce it. Give `onFieldsChange` to the Form and render `region` inside it: a polite live region,
 * present (empty) from the start, whose text is the form's current errors in field order.
 * Kept free of antd so the login page can use it without weight.
 */
export function useErrorAnnouncer() {
  const [text, setText] = useState('');
  const onFieldsChange = useCallback((_changed: unknown, all: FieldState[]) => {
    const errors = all.flatMap((f) => f.errors ?? []).filter(Boolean);
    setText([...new Set(errors)].join('；'));
  }, []);
  const region = (
    <div className="qb-sr-only" role="status" aria-live="polite" aria-atomic="true" data-testid="form-errors-live">
      {text}
    </div>
  );
  return { onFieldsChange, region };
}
