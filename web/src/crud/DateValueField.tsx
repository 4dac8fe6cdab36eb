import { DatePicker, TimePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';

const FORMATS = { date: 'YYYY-MM-DD', time: 'HH:mm:ss', dateTime: 'YYYY-MM-DD HH:mm:ss' } as const;

/** Date, time and date-time pickers holding the server's text form ('YYYY-MM-DD HH:mm:ss'), not dayjs objects. */
export function DateValueField({
  kind,
  value,
  onChange,
  placeholder,
  id,
}: {
  kind: keyof typeof FORMATS;
  value?: unknown;
  onChange?: (v: string | null) => void;
  placeholder?: string;
  id?: string;
}) {
  const format = FORMATS[kind];
  const parsed = typeof value === 'string' && value ? dayjs(kind === 'time' ? `1970-01-01 ${value}` : value) : null;
  const current = parsed && parsed.isValid() ? parsed : null;
  const change = (d: Dayjs | null) => onChange?.(d ? d.format(format) : null);
  if (kind === 'time') return <TimePicker id={id} value={current} onChange={change} placeholder={placeholder} style={{ width: '100%' }} />;
  return <DatePicker id={id} value={current} onChange={change} showTime={kind === 'dateTime'} format={format} placeholder={placeholder} style={{ width: '100%' }} />;
}
