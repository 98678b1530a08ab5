import { Button, Select } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useSearchParams } from 'react-router';

/** How many calendar years back the year list goes. */
const YEARS_BACK = 6;

/** The report's year from `?year=` (the current year when absent or not a year), and a setter that keeps the URL. */
export function useReportYear(): [number, (year: number) => void] {
  const [params, setParams] = useSearchParams();
  const current = dayjs().year();
  const asked = Number(params.get('year'));
  const year = Number.isInteger(asked) && asked >= 2000 && asked <= 2100 ? asked : current;
  const setYear = (next: number) =>
    setParams(
      (old) => {
        const copy = new URLSearchParams(old);
        copy.set('year', String(next));
        return copy;
      },
      { replace: true },
    );
  return [year, setYear];
}

/** The calendar year a report covers: this year and the few before it (and the shown year, whatever it is). */
export function ReportYearSelect({ year, onChange }: { year: number; onChange: (year: number) => void }) {
  const current = dayjs().year();
  const years = new Set([current + 1, ...Array.from({ length: YEARS_BACK }, (_, i) => current - i), year]);
  return (
    <Select
      label="Calendar year"
      w={160}
      data={[...years].sort((a, b) => b - a).map(String)}
      value={String(year)}
      onChange={(value) => value && onChange(Number(value))}
      allowDeselect={false}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

/** A plain link that downloads the report's CSV variant for the same filters (the browser saves it). */
export function CsvDownloadButton({ href, label }: { href: string; label: string }) {
  return (
    <Button component="a" href={href} download variant="default" leftSection={<IconDownload size={16} aria-hidden />}>
      {label}
    </Button>
  );
}
