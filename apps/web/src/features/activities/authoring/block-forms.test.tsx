import { RESPONSE_PLACEHOLDER } from '@banksia/contracts/activities';
import { act, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../test/fetch-stub';
import { renderWithProviders } from '../../../test/render';
import { ClozeParagraphForm } from './block-forms';

function renderCloze(text: string) {
  stubFetch({});
  const seen: Record<string, unknown>[] = [];
  function Harness() {
    const [data, setData] = useState<{ text: string; options: string[] }>({ text, options: [] });
    return (
      <ClozeParagraphForm
        text={data.text}
        options={data.options}
        dnd
        set={(patch) => {
          seen.push(patch);
          setData((d) => ({ ...d, ...patch }));
        }}
      />
    );
  }
  return { ...renderWithProviders(<Harness />), seen };
}

describe('ClozeParagraphForm', () => {
  it('inserts a blank where the cursor is and counts the blanks', async () => {
    const { user, seen } = renderCloze('A triangle has  sides.');
    const area = screen.getByLabelText<HTMLTextAreaElement>('Text with blanks');
    expect(screen.getByText('Add at least one blank.')).toBeInTheDocument();
    act(() => {
      area.focus();
      area.setSelectionRange(15, 15);
    });
    await user.click(screen.getByRole('button', { name: 'Insert blank' }));
    expect(area.value).toBe(`A triangle has ${RESPONSE_PLACEHOLDER} sides.`);
    expect(screen.getByText('1 blank')).toBeInTheDocument();
    expect(screen.queryByText('Add at least one blank.')).toBeNull();

    const wordBank = screen.getAllByLabelText('Word bank').find((element) => element.tagName === 'INPUT')!;
    await user.type(wordBank, 'three{Enter}four{Enter}');
    expect(seen.at(-1)).toEqual({ options: ['three', 'four'] });
  });
});
