import {
  RESPONSE_PLACEHOLDER,
  type ActivityBlock,
  type BlockResponse,
  type BlockType,
} from '@banksia/contracts/activities';
import { isResponseBlock } from '@banksia/contracts/rules/activity-viewer';
import { Badge, Box, Button, Group, Paper, Stack, TagsInput, Text, Textarea, TextInput } from '@mantine/core';
import { useRef, useState } from 'react';
import { RichTextEditor } from '../../../components/rich-text-editor';
import { BlockView } from '../components/block-view';
import { blockTitles } from './block-defaults';
import { DndImageEditor, type DndImageData } from './dnd-image-editor';
import { ImageUploadField } from './image-upload-field';
import type { ToolSlot } from './tool-registry';

type Data = Record<string, unknown>;

export interface BlockFormProps {
  slot: ToolSlot;
  onChange: (data: Data) => void;
}

const countBlanks = (text: string) => text.split(RESPONSE_PLACEHOLDER).length - 1;
const blanksLabel = (n: number) => (n === 1 ? '1 blank' : `${n} blanks`);

/** The form of one custom block, by its type; every answer block ends with its example answer. */
export function BlockForm({ slot, onChange }: BlockFormProps) {
  const { type, data } = slot;
  const set = (patch: Data) => onChange({ ...data, ...patch });
  return (
    <Paper withBorder p="sm" radius="sm" my={4} aria-label={blockTitles[type]} component="section">
      <Stack gap="sm">
        <Group gap="xs">
          <Badge variant="light" size="sm">
            {blockTitles[type]}
          </Badge>
        </Group>
        <TypeForm type={type} data={data} set={set} />
        {isResponseBlock(type) && (
          <ExampleAnswer
            block={() => ({ id: slot.id, type, data: { ...slot.readBase?.(), ...data } }) as ActivityBlock}
            example={data.example_response}
            onChange={(example) => set({ example_response: example })}
          />
        )}
      </Stack>
    </Paper>
  );
}

function TypeForm({ type, data, set }: { type: BlockType; data: Data; set: (patch: Data) => void }) {
  const text = typeof data.text === 'string' ? data.text : '';
  switch (type) {
    case 'cloze-paragraph-dnd':
    case 'cloze-paragraph-input':
      return (
        <ClozeParagraphForm
          text={text}
          options={(data.options as string[] | undefined) ?? []}
          dnd={type === 'cloze-paragraph-dnd'}
          set={set}
        />
      );
    case 'cloze-table-dnd':
      return (
        <Stack gap={4}>
          <Text size="xs" c="dimmed">
            Type {RESPONSE_PLACEHOLDER} in a cell above where students drop a word.
          </Text>
          <WordBank options={(data.options as string[] | undefined) ?? []} set={set} />
        </Stack>
      );
    case 'cloze-table-text':
      return (
        <Text size="xs" c="dimmed">
          Type {RESPONSE_PLACEHOLDER} in a cell above where students type an answer.
        </Text>
      );
    case 'rich-text':
      return (
        <RichTextEditor
          label="Question or instructions (optional)"
          value={text}
          onChange={(html) => set({ text: html })}
          minHeight={80}
        />
      );
    case 'file-upload':
      return (
        <RichTextEditor
          label="What students should upload (optional)"
          value={text}
          onChange={(html) => set({ text: html })}
          minHeight={80}
        />
      );
    case 'image': {
      const file = (data.file as { url?: string } | undefined) ?? {};
      return (
        <Stack gap="xs">
          <ImageUploadField label="Image" url={file.url ?? ''} onUploaded={(url) => set({ file: { url } })} />
          <TextInput
            label="Caption"
            description="Also the image's text for screen readers; leave empty for a decorative image."
            value={typeof data.caption === 'string' ? data.caption : ''}
            onChange={(event) => set({ caption: event.currentTarget.value })}
          />
        </Stack>
      );
    }
    case 'illustration':
      return <StartingDrawing data={data} set={set} />;
    case 'drag-and-drop-image':
      return (
        <DndImageEditor
          value={{ image_url: '', draggables: [], dropzones: [], ...(data as Partial<DndImageData>) }}
          onChange={(next) => set({ ...next })}
        />
      );
    default:
      return null;
  }
}

function WordBank({ options, set }: { options: string[]; set: (patch: Data) => void }) {
  return (
    <TagsInput
      label="Word bank"
      description="Press Enter after each word. Add the right words and any distractors."
      value={options}
      onChange={(words) => set({ options: words })}
      clearable
    />
  );
}

/** A paragraph with blanks: {{response}} marks each; "Insert blank" puts one where the cursor is. */
export function ClozeParagraphForm({
  text,
  options,
  dnd,
  set,
}: {
  text: string;
  options: string[];
  dnd: boolean;
  set: (patch: Data) => void;
}) {
  const area = useRef<HTMLTextAreaElement>(null);
  const insertBlank = () => {
    const element = area.current;
    const at = element ? element.selectionStart : text.length;
    const end = element ? element.selectionEnd : text.length;
    const next = `${text.slice(0, at)}${RESPONSE_PLACEHOLDER}${text.slice(end)}`;
    set({ text: next });
    requestAnimationFrame(() => {
      element?.focus();
      element?.setSelectionRange(at + RESPONSE_PLACEHOLDER.length, at + RESPONSE_PLACEHOLDER.length);
    });
  };
  const blanks = countBlanks(text);
  return (
    <Stack gap="xs">
      <Textarea
        ref={area}
        label="Text with blanks"
        description={`Write ${RESPONSE_PLACEHOLDER} where each blank goes, or use Insert blank.`}
        value={text}
        onChange={(event) => set({ text: event.currentTarget.value })}
        autosize
        minRows={3}
        error={blanks === 0 && text.trim() !== '' ? 'Add at least one blank.' : undefined}
      />
      <Group gap="sm">
        <Button size="xs" variant="default" onClick={insertBlank}>
          Insert blank
        </Button>
        <Text size="xs" c="dimmed" aria-live="polite">
          {blanksLabel(blanks)}
        </Text>
      </Group>
      {dnd ? (
        <WordBank options={options} set={set} />
      ) : (
        <TagsInput
          label="Words shown to students (optional)"
          description="A reference list; students still type their answers."
          value={options}
          onChange={(words) => set({ options: words })}
          clearable
        />
      )}
    </Stack>
  );
}

/** The drawing an illustration block starts from, drawn in the students' own canvas (Excalidraw, loaded lazily). */
function StartingDrawing({ data, set }: { data: Data; set: (patch: Data) => void }) {
  const [open, setOpen] = useState(false);
  const has = data.init_response !== undefined && data.init_response !== null;
  return (
    <Stack gap="xs">
      <Group gap="sm">
        <Text size="sm" fw={500}>
          Starting drawing
        </Text>
        <Text size="xs" c="dimmed">
          {has ? 'Students start from this drawing.' : 'Students start from an empty canvas.'}
        </Text>
      </Group>
      <Group gap="sm">
        <Button size="xs" variant="default" onClick={() => setOpen(!open)}>
          {open ? 'Close the drawing' : has ? 'Edit the starting drawing' : 'Draw a starting drawing'}
        </Button>
        {has && (
          <Button size="xs" variant="subtle" color="red" onClick={() => set({ init_response: undefined })}>
            Remove the starting drawing
          </Button>
        )}
      </Group>
      {open && (
        <BlockView
          block={{ id: 'starting-drawing', type: 'illustration', data: { init_response: data.init_response } }}
          mode="normal"
          response={undefined}
          editable
          onChange={(next) => set({ init_response: next.submitted_drawing_json })}
          context={{ activityResponseId: null }}
        />
      )}
    </Stack>
  );
}

/**
 * The author's example answer (spec §3: example_response, shown in example mode), written in the student's own
 * block component, so it has exactly the shape the viewer reads.
 */
function ExampleAnswer({
  block,
  example,
  onChange,
}: {
  block: () => ActivityBlock;
  example: unknown;
  onChange: (example: BlockResponse | undefined) => void;
}) {
  const [shown, setShown] = useState(false);
  const has = example !== undefined && example !== null;
  return (
    <Box>
      <Group gap="sm">
        <Button size="xs" variant="light" onClick={() => setShown(!shown)}>
          {shown ? 'Close example answer' : has ? 'Edit example answer' : 'Write an example answer'}
        </Button>
        {has && (
          <Button size="xs" variant="subtle" color="red" onClick={() => onChange(undefined)}>
            Remove example answer
          </Button>
        )}
      </Group>
      {shown && (
        <Paper
          withBorder
          p="sm"
          mt="xs"
          bg="var(--mantine-color-gray-0)"
          aria-label="Example answer"
          component="section"
        >
          <Text size="sm" fw={500} mb="xs">
            Example answer (shown in example mode)
          </Text>
          <BlockView
            block={block()}
            mode="normal"
            response={(example as BlockResponse | undefined) ?? undefined}
            editable
            onChange={(next) => onChange(next)}
            context={{ activityResponseId: null }}
          />
        </Paper>
      )}
    </Box>
  );
}
