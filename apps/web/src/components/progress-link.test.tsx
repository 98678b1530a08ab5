import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ProgressLink } from './progress-link';

function wrap(ui: ReactNode) {
  return render(
    <MantineProvider>
      <MemoryRouter>{ui}</MemoryRouter>
    </MantineProvider>,
  );
}

describe('ProgressLink', () => {
  it('is a link to its page with the progress inside', () => {
    wrap(
      <ProgressLink to="/class/1/course/2/" title="Algebra" value={4} total={8} description="4 of 8 lessons">
        Algebra
      </ProgressLink>,
    );
    const link = screen.getByRole('link', { name: /Algebra/ });
    expect(link).toHaveAttribute('href', '/class/1/course/2/');
    expect(screen.getByRole('progressbar', { name: 'Algebra progress' })).toHaveAttribute('aria-valuenow', '50');
    expect(screen.getByText('4 of 8 lessons')).toBeInTheDocument();
  });
});
