import type { Draggable, Dropzone } from '@banksia/contracts/activities';
import {
  ActionIcon,
  Alert,
  Button,
  Group,
  NumberInput,
  Paper,
  SegmentedControl,
  Stack,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { IconTrash } from '@tabler/icons-react';
import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import {
  centredBox,
  fitInImage,
  nextId,
  nudge,
  rectFromDrag,
  rectOfDraggable,
  rectOfDropzone,
  withRect,
  type ImageSize,
  type ItemKind,
  type Rect,
} from './dnd-geometry';
import classes from './dnd-image-editor.module.css';
import { ImageUploadField } from './image-upload-field';

export interface DndImageData {
  image_url: string;
  draggables: Draggable[];
  dropzones: Dropzone[];
  example_response?: unknown;
}

export interface DndImageEditorProps {
  value: DndImageData;
  onChange: (next: DndImageData) => void;
}

interface Selected {
  kind: ItemKind;
  id: string;
}

export const zoneName = (index: number) => `Drop zone ${index + 1}`;
export const pieceName = (index: number) => `Piece ${index + 1}`;

const KEYBOARD_HELP =
  'Select a zone or piece, then use the arrow keys to move it (Shift moves 10 pixels), Alt and the arrow keys to ' +
  'resize it, and Delete to remove it.';

/**
 * The drag-and-drop image block's editor: staff upload the image, then draw drop zones and pieces on it with the
 * mouse (drag out a rectangle) or add them with a button and place them by keyboard (arrow keys move, Alt+arrows
 * resize, Shift for larger steps). Every drop zone has a value; pieces are the parts of the image students drag.
 * All positions are in the image's own pixels, as the student's block reads them.
 */
export function DndImageEditor({ value, onChange }: DndImageEditorProps) {
  const [natural, setNatural] = useState<ImageSize | null>(null);
  const [drawKind, setDrawKind] = useState<ItemKind>('dropzone');
  const [selected, setSelected] = useState<Selected | null>(null);
  const [drag, setDrag] = useState<{ start: { x: number; y: number }; end: { x: number; y: number } } | null>(null);
  const { ref: areaRef, width: shownWidth } = useElementSize<HTMLDivElement>();
  const itemRefs = useRef(new Map<string, HTMLElement>());
  const scale = natural && shownWidth ? shownWidth / natural.width : 1;

  const allIds = () => [...value.dropzones.map((z) => z.id), ...value.draggables.map((d) => d.id)];
  const key = (kind: ItemKind, id: string) => `${kind}:${id}`;
  const focusItem = (kind: ItemKind, id: string) =>
    requestAnimationFrame(() => itemRefs.current.get(key(kind, id))?.focus());

  const add = (kind: ItemKind, rect: Rect) => {
    const id = nextId(kind === 'dropzone' ? 'zone' : 'piece', allIds());
    if (kind === 'dropzone') {
      const zone: Dropzone = { id, x_offset: 0, y_offset: 0, width: 0, height: 0, value: '' };
      onChange({ ...value, dropzones: [...value.dropzones, withRect(zone, rect)] });
    } else {
      const piece: Draggable = { id, x_position: 0, y_position: 0, width: 0, height: 0 };
      onChange({ ...value, draggables: [...value.draggables, withRect(piece, rect)] });
    }
    setSelected({ kind, id });
    focusItem(kind, id);
  };

  const move = (kind: ItemKind, id: string, rect: Rect) => {
    if (kind === 'dropzone') {
      onChange({ ...value, dropzones: value.dropzones.map((z) => (z.id === id ? withRect(z, rect) : z)) });
    } else {
      onChange({ ...value, draggables: value.draggables.map((d) => (d.id === id ? withRect(d, rect) : d)) });
    }
  };

  const remove = (kind: ItemKind, id: string) => {
    if (kind === 'dropzone') onChange({ ...value, dropzones: value.dropzones.filter((z) => z.id !== id) });
    else onChange({ ...value, draggables: value.draggables.filter((d) => d.id !== id) });
    setSelected(null);
  };

  const setZoneValue = (id: string, text: string) =>
    onChange({ ...value, dropzones: value.dropzones.map((z) => (z.id === id ? { ...z, value: text } : z)) });

  // Pointer positions in image pixels.
  const imagePoint = (event: PointerEvent<HTMLElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    return { x: (event.clientX - box.left) / scale, y: (event.clientY - box.top) / scale };
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (!natural || event.button !== 0 || event.target !== event.currentTarget) return;
    event.currentTarget.setPointerCapture?.(event.pointerId);
    const point = imagePoint(event);
    setDrag({ start: point, end: point });
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (drag) setDrag({ ...drag, end: imagePoint(event) });
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    if (!drag || !natural) return;
    const rect = rectFromDrag(drag.start, imagePoint(event), natural);
    setDrag(null);
    if (rect) add(drawKind, rect);
  };

  const onItemKey = (kind: ItemKind, id: string, rect: Rect) => (event: KeyboardEvent<HTMLElement>) => {
    if (!natural) return;
    if (event.key === 'Delete' || event.key === 'Backspace') {
      event.preventDefault();
      remove(kind, id);
      return;
    }
    const next = nudge(rect, event.key, event, natural);
    if (next) {
      event.preventDefault();
      move(kind, id, next);
    }
  };

  const box = (rect: Rect) => ({
    left: rect.x * scale,
    top: rect.y * scale,
    width: rect.width * scale,
    height: rect.height * scale,
  });
  const describe = (rect: Rect) => `at ${rect.x}, ${rect.y}, ${rect.width} by ${rect.height} pixels`;

  const items = [
    ...value.dropzones.map((zone, index) => ({
      kind: 'dropzone' as const,
      id: zone.id,
      name: zoneName(index),
      rect: rectOfDropzone(zone),
      zone,
    })),
    ...value.draggables.map((piece, index) => ({
      kind: 'draggable' as const,
      id: piece.id,
      name: pieceName(index),
      rect: rectOfDraggable(piece),
      zone: null,
    })),
  ];
  const drawing = drag && natural ? rectFromDrag(drag.start, drag.end, natural) : null;

  return (
    <Stack gap="sm">
      <ImageUploadField
        label="Image"
        url={value.image_url}
        onUploaded={(url) => {
          setNatural(null);
          onChange({ ...value, image_url: url });
        }}
      />
      {value.image_url ? (
        <>
          <Group gap="sm" align="flex-end">
            <div>
              <Text size="sm" fw={500} id="dnd-draw-kind">
                Draw with the mouse
              </Text>
              <SegmentedControl
                aria-labelledby="dnd-draw-kind"
                value={drawKind}
                onChange={(kind) => setDrawKind(kind as ItemKind)}
                data={[
                  { value: 'dropzone', label: 'Drop zones' },
                  { value: 'draggable', label: 'Pieces' },
                ]}
              />
            </div>
            <Button
              variant="default"
              disabled={!natural}
              onClick={() => natural && add('dropzone', centredBox(natural))}
            >
              Add drop zone
            </Button>
            <Button
              variant="default"
              disabled={!natural}
              onClick={() => natural && add('draggable', centredBox(natural))}
            >
              Add piece
            </Button>
          </Group>
          <Text size="xs" c="dimmed">
            Drag on the image to draw a {drawKind === 'dropzone' ? 'drop zone' : 'piece'}. {KEYBOARD_HELP}
          </Text>
          <div
            ref={areaRef}
            className={classes.area}
            style={{ maxWidth: natural?.width }}
            onPointerDown={onPointerDown}
            onPointerMove={onPointerMove}
            onPointerUp={onPointerUp}
            data-testid="dnd-image-area"
          >
            <img
              className={classes.image}
              src={value.image_url}
              alt=""
              draggable={false}
              onLoad={(event) =>
                setNatural({ width: event.currentTarget.naturalWidth, height: event.currentTarget.naturalHeight })
              }
            />
            {items.map((item) => (
              <button
                type="button"
                key={key(item.kind, item.id)}
                ref={(element) => {
                  if (element) itemRefs.current.set(key(item.kind, item.id), element);
                  else itemRefs.current.delete(key(item.kind, item.id));
                }}
                className={classes.item}
                data-kind={item.kind}
                data-selected={selected?.kind === item.kind && selected.id === item.id ? true : undefined}
                style={box(item.rect)}
                aria-label={`${item.name}, ${describe(item.rect)}`}
                aria-pressed={selected?.kind === item.kind && selected.id === item.id}
                onFocus={() => setSelected({ kind: item.kind, id: item.id })}
                onClick={() => setSelected({ kind: item.kind, id: item.id })}
                onKeyDown={onItemKey(item.kind, item.id, item.rect)}
              >
                <span className={classes.label}>{item.name}</span>
              </button>
            ))}
            {drawing && <div className={classes.drawing} data-kind={drawKind} style={box(drawing)} />}
          </div>
        </>
      ) : (
        <Alert color="gray" variant="light">
          Upload the image first; then draw the drop zones and pieces on it.
        </Alert>
      )}
      {items.length > 0 && natural && (
        <Paper withBorder>
          <Table.ScrollContainer minWidth={640}>
            <Table verticalSpacing={4} fz="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Name</Table.Th>
                  <Table.Th scope="col">Left</Table.Th>
                  <Table.Th scope="col">Top</Table.Th>
                  <Table.Th scope="col">Width</Table.Th>
                  <Table.Th scope="col">Height</Table.Th>
                  <Table.Th scope="col">Value</Table.Th>
                  <Table.Th scope="col">
                    <VisuallyHidden>Remove</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((item) => {
                  const field = (label: string, prop: keyof Rect) => (
                    <NumberInput
                      size="xs"
                      w={80}
                      aria-label={`${item.name} ${label}`}
                      value={item.rect[prop]}
                      min={0}
                      allowDecimal={false}
                      onChange={(n) =>
                        typeof n === 'number' &&
                        move(item.kind, item.id, fitInImage({ ...item.rect, [prop]: n }, natural))
                      }
                    />
                  );
                  return (
                    <Table.Tr key={key(item.kind, item.id)}>
                      <Table.Td>
                        {item.name}{' '}
                        <Text span size="xs" c="dimmed">
                          ({item.id})
                        </Text>
                      </Table.Td>
                      <Table.Td>{field('left', 'x')}</Table.Td>
                      <Table.Td>{field('top', 'y')}</Table.Td>
                      <Table.Td>{field('width', 'width')}</Table.Td>
                      <Table.Td>{field('height', 'height')}</Table.Td>
                      <Table.Td>
                        {item.zone ? (
                          <TextInput
                            size="xs"
                            aria-label={`${item.name} value`}
                            placeholder="e.g. the piece that belongs here"
                            value={item.zone.value}
                            onChange={(event) => setZoneValue(item.id, event.currentTarget.value)}
                          />
                        ) : (
                          <Text size="xs" c="dimmed">
                            Dragged by students
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={`Remove ${item.name}`}
                          onClick={() => remove(item.kind, item.id)}
                        >
                          <IconTrash size={16} aria-hidden />
                        </ActionIcon>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}
    </Stack>
  );
}
