import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { TriStateBar } from './tri-state-bar';

function wrap(ui: ReactNode) {
  return render(
    <MantineProvider>
      <MemoryRouter>{ui}</MemoryRouter>
    </MantineProvider>,
  );
}

describe('TriStateBar', () => {
  it('describes the three counts in text', () => {
    wrap(<TriStateBar complete={3} partial={2} none={5} label="Students" withLegend />);
    expect(screen.getByText('Students: 3 complete, 2 partly done, 5 not started')).toBeInTheDocument();
  });

  it('draws a segment per non-empty share', () => {
    const { container } = wrap(<TriStateBar complete={1} partial={0} none={3} />);
    const sections = container.querySelectorAll('.mantine-Progress-section');
    expect(sections).toHaveLength(2);
    expect((sections[0] as HTMLElement).style.getPropertyValue('--progress-section-size')).toBe('25%');
    expect((sections[1] as HTMLElement).style.getPropertyValue('--progress-section-size')).toBe('75%');
  });

  it.each([
    ['a negative count', { complete: -1, partial: 0, none: 1 }],
    ['a non-numeric count', { complete: 1, partial: 'two', none: 1 }],
    ['a missing count', { complete: 1, partial: undefined, none: 1 }],
  ])('renders empty for %s', (_case, counts) => {
    const { container } = render(<TriStateBar {...counts} />);
    expect(container).toBeEmptyDOMElement();
  });
});
