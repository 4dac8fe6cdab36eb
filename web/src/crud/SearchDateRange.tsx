import { DatePicker } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';

/** A day range for the search bar; the search sends it as between 00:00:00 and 23:59:59. */
export default function SearchDateRange(props: { value?: [Dayjs, Dayjs] | null; onChange?: (v: unknown) => void; 'aria-label'?: string; id?: string }) {
  const { t } = useTranslation();
  return (
    <DatePicker.RangePicker
      id={props.id}
      value={props.value}
      onChange={(v) => props.onChange?.(v)}
      placeholder={[t('crud.startDate'), t('crud.endDate')]}
      aria-label={props['aria-label']}
    />
  );
}
