import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../test/fetch-stub';
import { renderWithProviders } from '../test/render';
import { DateField, parseDisplayDate } from './date-input';

function Harness({ initial, onChange }: { initial: string | null; onChange: (value: string | null) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <DateField
      label="Due date"
      value={value}
      clearable
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
    />
  );
}

describe('parseDisplayDate', () => {
  it.each([
    ['01/02/2026', '2026-02-01'],
    ['1/2/2026', '2026-02-01'],
    [' 31/12/2025 ', '2025-12-31'],
    ['29/02/2028', '2028-02-29'],
    ['29/02/2026', null],
    ['31/04/2026', null],
    ['2026-02-01', null],
    ['02/2026', null],
    ['', null],
  ])('%j → %j', (text, expected) => {
    expect(parseDisplayDate(text)).toBe(expected);
  });
});

describe('DateField', () => {
  it('shows a yyyy-MM-dd value as dd/MM/yyyy', () => {
    stubFetch({});
    renderWithProviders(<Harness initial="2026-03-04" onChange={() => {}} />);
    expect(screen.getByLabelText('Due date')).toHaveValue('04/03/2026');
  });

  it('reads what is typed day first and reports it as yyyy-MM-dd', () => {
    stubFetch({});
    const onChange = vi.fn();
    renderWithProviders(<Harness initial={null} onChange={onChange} />);
    const input = screen.getByLabelText('Due date');
    fireEvent.change(input, { target: { value: '01/02/2026' } });
    expect(onChange).toHaveBeenLastCalledWith('2026-02-01');
    fireEvent.blur(input);
    expect(input).toHaveValue('01/02/2026');
  });

  it('reports null when cleared', () => {
    stubFetch({});
    const onChange = vi.fn();
    renderWithProviders(<Harness initial="2026-03-04" onChange={onChange} />);
    fireEvent.change(screen.getByLabelText('Due date'), { target: { value: '' } });
    expect(onChange).toHaveBeenLastCalledWith(null);
  });
});
