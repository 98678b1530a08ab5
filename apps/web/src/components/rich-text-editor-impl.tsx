import '@mantine/tiptap/styles.css';
import { Box, Text } from '@mantine/core';
import { Link, RichTextEditor as MantineRichTextEditor } from '@mantine/tiptap';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useId, useLayoutEffect, useRef } from 'react';

/** Links the editor keeps: the web and email, as the server's sanitiser allows (spec §5). */
const SAFE_LINK = /^(?:https?|mailto):/i;

/** What a person types in the link box, made into an address the sanitiser keeps: "example.com" → https://… */
export function normaliseLinkHref(href: string): string {
  const trimmed = href.trim();
  if (trimmed === '' || /^[a-z][a-z0-9+.-]*:/i.test(trimmed)) return trimmed;
  if (/^[^\s/@]+@[^\s/@]+\.[^\s/@]+$/.test(trimmed)) return `mailto:${trimmed}`;
  return `https://${trimmed.replace(/^\/+/, '')}`;
}

// Mantine's Link is TipTap's Link plus Mod+K to open the link box. StarterKit's own Link is switched off below, so
// it is registered once. setLink fills in a missing protocol so a typed "example.com" is not silently refused.
const SafeLink = Link.extend({
  addCommands() {
    const parent = this.parent?.();
    return {
      ...parent,
      setLink: (attributes) => (props) =>
        parent?.setLink?.({ ...attributes, href: normaliseLinkHref(attributes.href) })(props) ?? false,
    };
  },
}).configure({
  openOnClick: false,
  autolink: true,
  defaultProtocol: 'https',
  isAllowedUri: (url, { defaultValidate }) => SAFE_LINK.test(url) && defaultValidate(url),
});

/**
 * Exactly the formatting of spec §2: bold, italic, underline, three heading sizes, ordered and unordered lists and
 * links. StarterKit v3 includes Underline and Link; the rest of its marks and nodes are turned off so pasted content
 * cannot bring in what the toolbar cannot make (and the server would strip).
 */
export const editorExtensions = [
  StarterKit.configure({
    heading: { levels: [1, 2, 3] },
    link: false,
    blockquote: false,
    code: false,
    codeBlock: false,
    horizontalRule: false,
    strike: false,
  }),
  SafeLink,
];

export interface RichTextEditorImplProps {
  /** The content as HTML. A change from outside (e.g. loading a newer version) replaces what is shown. */
  value: string;
  /** Called with the new HTML after each edit; an empty editor gives ''. */
  onChange: (html: string) => void;
  /** The visible name of the editor. */
  label: string;
  /** Text under the label, e.g. what to write. */
  description?: string;
  minHeight?: number;
}

/** The TipTap editor through @mantine/tiptap. Heavy: import it only through `RichTextEditor`, which loads it lazily. */
export default function RichTextEditorImpl({
  value,
  onChange,
  label,
  description,
  minHeight = 200,
}: RichTextEditorImplProps) {
  const labelId = useId();
  const descriptionId = useId();
  const onChangeRef = useRef(onChange);
  useLayoutEffect(() => {
    onChangeRef.current = onChange;
  });

  const editor = useEditor({
    extensions: editorExtensions,
    content: value,
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        ...(description ? { 'aria-describedby': descriptionId } : {}),
      },
    },
    onUpdate: ({ editor: current }) => onChangeRef.current(current.isEmpty ? '' : current.getHTML()),
  });

  // A new value from outside replaces the content; the editor's own edits come back equal, so nothing happens then.
  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    const current = editor.isEmpty ? '' : editor.getHTML();
    if (value === current) return;
    editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  return (
    <Box>
      <Text id={labelId} component="div" fw={500} size="sm">
        {label}
      </Text>
      {description && (
        <Text id={descriptionId} size="xs" c="dimmed">
          {description}
        </Text>
      )}
      <MantineRichTextEditor editor={editor} mt={4}>
        <MantineRichTextEditor.Toolbar sticky stickyOffset={0}>
          <MantineRichTextEditor.ControlsGroup>
            <MantineRichTextEditor.Bold />
            <MantineRichTextEditor.Italic />
            <MantineRichTextEditor.Underline />
          </MantineRichTextEditor.ControlsGroup>
          <MantineRichTextEditor.ControlsGroup>
            <MantineRichTextEditor.H1 />
            <MantineRichTextEditor.H2 />
            <MantineRichTextEditor.H3 />
          </MantineRichTextEditor.ControlsGroup>
          <MantineRichTextEditor.ControlsGroup>
            <MantineRichTextEditor.BulletList />
            <MantineRichTextEditor.OrderedList />
          </MantineRichTextEditor.ControlsGroup>
          <MantineRichTextEditor.ControlsGroup>
            <MantineRichTextEditor.Link />
            <MantineRichTextEditor.Unlink />
          </MantineRichTextEditor.ControlsGroup>
        </MantineRichTextEditor.Toolbar>
        <MantineRichTextEditor.Content mih={minHeight} />
      </MantineRichTextEditor>
    </Box>
  );
}
