import '@mantine/dates/styles.css';
import { DateInput, type DateInputProps } from '@mantine/dates';
import dayjs from 'dayjs';

/** How dates are shown and typed (spec §2: dd/MM/yyyy). */
export const DISPLAY_DATE_FORMAT = 'DD/MM/YYYY';
/** How dates are stored and sent (spec §2: yyyy-MM-dd). */
export const STORED_DATE_FORMAT = 'YYYY-MM-DD';

const TYPED_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;

/**
 * A typed dd/mm/yyyy date as yyyy-MM-dd, or null when it is not a real date. Strict on purpose: the default parser
 * falls back to `new Date(text)`, which reads 01/02/2026 as 2 January (US order).
 */
export function parseDisplayDate(text: string): string | null {
  const match = TYPED_DATE.exec(text.trim());
  if (!match) return null;
  const [, day, month, year] = match;
  const iso = `${year}-${month!.padStart(2, '0')}-${day!.padStart(2, '0')}`;
  // dayjs rolls 31/02 over into March; reading it back catches dates that do not exist.
  return dayjs(iso).format(STORED_DATE_FORMAT) === iso ? iso : null;
}

export interface DateFieldProps extends Omit<
  DateInputProps,
  'value' | 'defaultValue' | 'onChange' | 'valueFormat' | 'dateParser'
> {
  /** The date as yyyy-MM-dd, or null for none. */
  value: string | null;
  /** Called with the new date as yyyy-MM-dd, or null when cleared. */
  onChange: (value: string | null) => void;
}

/** A date picker shown as dd/MM/yyyy whose value goes in and out as a yyyy-MM-dd string (spec §2). */
export function DateField({ value, onChange, placeholder = 'dd/mm/yyyy', ...props }: DateFieldProps) {
  return (
    <DateInput
      {...props}
      value={value}
      onChange={(next) => onChange(next === null ? null : dayjs(next).format(STORED_DATE_FORMAT))}
      valueFormat={DISPLAY_DATE_FORMAT}
      dateParser={parseDisplayDate}
      placeholder={placeholder}
    />
  );
}
