import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ProgressBar } from './progress-bar';
import { progressBandColors } from './progress-colors';

function wrap(ui: ReactNode) {
  return render(
    <MantineProvider>
      <MemoryRouter>{ui}</MemoryRouter>
    </MantineProvider>,
  );
}

describe('ProgressBar', () => {
  it.each([
    [0, 10, '0%', 'zero'],
    [1, 10, '10%', 'very-low'],
    [2, 10, '20%', 'very-low'],
    [3, 10, '30%', 'low'],
    [5, 10, '50%', 'medium'],
    [7, 10, '70%', 'high'],
    [9, 10, '90%', 'very-high'],
    [10, 10, '100%', 'complete'],
  ])('%s of %s shows %s in the %s band', (value, total, text, band) => {
    wrap(<ProgressBar value={value} total={total} label="Algebra progress" />);
    const bar = screen.getByRole('progressbar', { name: 'Algebra progress' });
    expect(bar).toHaveAttribute('data-band', band);
    expect(bar).toHaveAttribute('aria-valuenow', String(Math.round((value / total) * 100)));
    expect(bar).toHaveAttribute('aria-valuetext', text);
    expect(screen.getByText(text)).toBeInTheDocument();
  });

  it.each([
    ['a negative value', -1, 10],
    ['a negative total', 1, -10],
    ['a zero total', 0, 0],
    ['a non-number', 'lots', 10],
    ['NaN', Number.NaN, 10],
    ['a missing total', 3, undefined],
  ])('shows N/A for %s', (_case, value, total) => {
    wrap(<ProgressBar value={value} total={total} label="Algebra progress" />);
    const bar = screen.getByRole('progressbar', { name: 'Algebra progress' });
    expect(bar).not.toHaveAttribute('aria-valuenow');
    expect(bar).toHaveAttribute('aria-valuetext', 'Not available');
    expect(bar).toHaveAttribute('data-band', 'na');
    expect(screen.getByText('N/A')).toBeInTheDocument();
  });

  it('has a distinct colour for every band', () => {
    const fills = ['zero', 'very-low', 'low', 'medium', 'high', 'very-high', 'complete'] as const;
    expect(new Set(fills.map((band) => progressBandColors[band])).size).toBe(fills.length);
  });
});
