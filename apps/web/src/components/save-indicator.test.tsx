import { MantineProvider } from '@mantine/core';
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SaveIndicator, type SaveStatus } from './save-indicator';

function renderIndicator(status: SaveStatus) {
  const view = render(
    <MantineProvider>
      <SaveIndicator status={status} />
    </MantineProvider>,
  );
  return {
    ...view,
    setStatus: (next: SaveStatus) =>
      view.rerender(
        <MantineProvider>
          <SaveIndicator status={next} />
        </MantineProvider>,
      ),
  };
}

describe('SaveIndicator', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is a polite live region', () => {
    renderIndicator('saving');
    expect(screen.getByRole('status')).toHaveAttribute('aria-live', 'polite');
  });

  it("shows 'Saving...' at once", () => {
    renderIndicator('saving');
    expect(screen.getByRole('status')).toHaveTextContent('Saving...');
  });

  it('shows "Couldn\'t save" at once', () => {
    const { setStatus } = renderIndicator('saving');
    setStatus('error');
    expect(screen.getByRole('status')).toHaveTextContent("Couldn't save");
  });

  it("keeps 'Saving...' for 500 ms after the save, then shows 'Saved'", () => {
    const { setStatus } = renderIndicator('saving');
    setStatus('saved');
    expect(screen.getByRole('status')).toHaveTextContent('Saving...');
    act(() => vi.advanceTimersByTime(499));
    expect(screen.getByRole('status')).toHaveTextContent('Saving...');
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('status')).toHaveTextContent('Saved');
  });

  it("starts the 500 ms again when saving resumes before 'Saved' showed", () => {
    const { setStatus } = renderIndicator('saving');
    setStatus('saved');
    act(() => vi.advanceTimersByTime(300));
    setStatus('saving');
    setStatus('saved');
    act(() => vi.advanceTimersByTime(300));
    expect(screen.getByRole('status')).toHaveTextContent('Saving...');
    act(() => vi.advanceTimersByTime(200));
    expect(screen.getByRole('status')).toHaveTextContent('Saved');
  });

  it("shows nothing, then 'Saved', when it starts saved", () => {
    renderIndicator('saved');
    expect(screen.getByRole('status')).toHaveTextContent('');
    act(() => vi.advanceTimersByTime(500));
    expect(screen.getByRole('status')).toHaveTextContent('Saved');
  });
});
