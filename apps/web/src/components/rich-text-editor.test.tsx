import { act, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../test/fetch-stub';
import { renderWithProviders } from '../test/render';
import { RichTextEditor } from './rich-text-editor';
import { normaliseLinkHref } from './rich-text-editor-impl';

function Harness({ initial, onChange }: { initial: string; onChange?: (html: string) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <RichTextEditor
        label="Lesson notes"
        value={value}
        onChange={(html) => {
          setValue(html);
          onChange?.(html);
        }}
      />
      <button type="button" onClick={() => setValue('<p>Replaced from outside</p>')}>
        Replace
      </button>
    </>
  );
}

// ProseMirror measures the page when it places the cursor; jsdom does no layout, so these answer with empty boxes.
beforeAll(() => {
  const emptyRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
  const emptyRect = () => new DOMRect(0, 0, 0, 0);
  Range.prototype.getClientRects ??= emptyRects;
  Range.prototype.getBoundingClientRect ??= emptyRect;
  Element.prototype.getClientRects ??= emptyRects;
  document.elementFromPoint ??= () => null;
});

describe('RichTextEditor', () => {
  it('offers exactly the spec formatting controls', async () => {
    stubFetch({});
    renderWithProviders(<Harness initial="<p>Hello</p>" />);
    const editor = await screen.findByRole('textbox', { name: 'Lesson notes' });
    expect(editor).toHaveTextContent('Hello');
    const controls = screen.getAllByRole('button').map((b) => b.getAttribute('aria-label'));
    expect(controls.filter(Boolean)).toEqual([
      'Bold',
      'Italic',
      'Underline',
      'Heading 1',
      'Heading 2',
      'Heading 3',
      'Bullet list',
      'Ordered list',
      'Link',
      'Remove link',
    ]);
  });

  it('reports edits as HTML', async () => {
    stubFetch({});
    const onChange = vi.fn();
    const { user } = renderWithProviders(<Harness initial="" onChange={onChange} />);
    const editor = await screen.findByRole('textbox', { name: 'Lesson notes' });
    await user.click(editor);
    await user.keyboard('Hi');
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith('<p>Hi</p>'));
    await user.click(screen.getByRole('button', { name: 'Bold' }));
    await user.keyboard('!');
    // jsdom's contenteditable is only an approximation of a browser's, so this checks the markup, not every key.
    await waitFor(() => expect(onChange.mock.lastCall?.[0]).toMatch(/^<p>Hi<strong>.+<\/strong><\/p>$/));
  });

  it('shows a new value given from outside without reporting it as an edit', async () => {
    stubFetch({});
    const onChange = vi.fn();
    const { user } = renderWithProviders(<Harness initial="<p>Old</p>" onChange={onChange} />);
    await screen.findByRole('textbox', { name: 'Lesson notes' });
    await user.click(screen.getByRole('button', { name: 'Replace' }));
    expect(await screen.findByText('Replaced from outside')).toBeInTheDocument();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('drops markup the toolbar cannot make', async () => {
    stubFetch({});
    renderWithProviders(
      <Harness initial="<blockquote><p>Quote</p></blockquote><pre><code>x</code></pre><h4>Four</h4>" />,
    );
    const editor = await screen.findByRole('textbox', { name: 'Lesson notes' });
    await act(async () => {});
    expect(editor.querySelector('blockquote, pre, code, h4')).toBeNull();
    expect(editor).toHaveTextContent('Quote');
  });

  it('shows read-only content sanitised, without the editor', () => {
    stubFetch({});
    renderWithProviders(
      <RichTextEditor
        label="Lesson notes"
        readOnly
        value={'<p>Mine</p><img src=x onerror="alert(1)">'}
        onChange={() => {}}
      />,
    );
    expect(screen.getByText('Mine')).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(document.querySelector('img')).toBeNull();
  });
});

describe('normaliseLinkHref', () => {
  it.each([
    ['https://example.com', 'https://example.com'],
    ['example.com/page', 'https://example.com/page'],
    ['ava@school.test', 'mailto:ava@school.test'],
    ['mailto:ava@school.test', 'mailto:ava@school.test'],
    ['javascript:alert(1)', 'javascript:alert(1)'],
    ['', ''],
  ])('%j → %j', (input, expected) => {
    expect(normaliseLinkHref(input)).toBe(expected);
  });
});
