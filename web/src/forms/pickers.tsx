import { DatePicker, TimePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import { FORM_DATE_FORMATS, FORM_TIME_FORMAT, type FormDateRangeType, type FormDateType } from '@qb/contracts';

dayjs.extend(customParseFormat);

/** Values stay text in the schema's format (what the server stores), never dayjs objects. */
function parse(value: unknown, format: string): Dayjs | null {
  if (typeof value !== 'string' || !value) return null;
  const exact = dayjs(value, format);
  if (exact.isValid()) return exact;
  const loose = dayjs(value);
  return loose.isValid() ? loose : null;
}

const pair = (value: unknown, format: string): [Dayjs | null, Dayjs | null] | null => {
  if (!Array.isArray(value)) return null;
  const [a, b] = [parse(value[0], format), parse(value[1], format)];
  return a || b ? [a, b] : null;
};

interface Common {
  id?: string;
  disabled?: boolean;
  onChange?: (value: unknown) => void;
  value?: unknown;
}

export function TimeInput({ id, value, onChange, format = FORM_TIME_FORMAT, placeholder, disabled }: Common & { format?: string; placeholder?: string }) {
  return (
    <TimePicker
      id={id}
      value={parse(value, format)}
      format={format}
      onChange={(d) => onChange?.(d ? d.format(format) : null)}
      placeholder={placeholder}
      disabled={disabled}
      style={{ width: '100%' }}
    />
  );
}

export function TimeRangeInput({
  id,
  value,
  onChange,
  format = FORM_TIME_FORMAT,
  placeholders,
  disabled,
}: Common & { format?: string; placeholders: [string, string] }) {
  return (
    <TimePicker.RangePicker
      id={{ start: id }}
      value={pair(value, format)}
      format={format}
      onChange={(range) => onChange?.(range && range[0] && range[1] ? [range[0].format(format), range[1].format(format)] : null)}
      placeholder={placeholders}
      disabled={disabled}
      style={{ width: '100%' }}
    />
  );
}

export function DateInput({
  id,
  value,
  onChange,
  type = 'date',
  format,
  placeholder,
  disabled,
}: Common & { type?: FormDateType; format?: string; placeholder?: string }) {
  const valueFormat = format ?? FORM_DATE_FORMATS[type];
  const picker = type === 'datetime' ? 'date' : type;
  return (
    <DatePicker
      id={id}
      picker={picker}
      showTime={type === 'datetime'}
      // a week shows as the week; the other types show in the stored format
      format={type === 'week' ? undefined : valueFormat}
      value={parse(value, valueFormat)}
      // SPEC.md §4: a week is stored as a date, its first day
      onChange={(d) => onChange?.(d ? (type === 'week' ? d.startOf('week') : d).format(valueFormat) : null)}
      placeholder={placeholder}
      disabled={disabled}
      style={{ width: '100%' }}
    />
  );
}

export function DateRangeInput({
  id,
  value,
  onChange,
  type = 'date',
  format,
  placeholders,
  disabled,
}: Common & { type?: FormDateRangeType; format?: string; placeholders: [string, string] }) {
  const valueFormat = format ?? FORM_DATE_FORMATS[type];
  return (
    <DatePicker.RangePicker
      id={{ start: id }}
      picker={type === 'datetime' ? 'date' : type}
      showTime={type === 'datetime'}
      format={valueFormat}
      value={pair(value, valueFormat)}
      onChange={(range) => onChange?.(range && range[0] && range[1] ? [range[0].format(valueFormat), range[1].format(valueFormat)] : null)}
      placeholder={placeholders}
      disabled={disabled}
      style={{ width: '100%' }}
    />
  );
}
