import {
  activityBlockSchema,
  RESPONSE_PLACEHOLDER,
  type ActivityBlock,
  type BlockType,
  type ListItem,
} from '@banksia/contracts/activities';

/** What the editor's block menu calls each block type. */
export const blockTitles: Record<BlockType, string> = {
  paragraph: 'Text',
  header: 'Heading',
  list: 'List',
  illustration: 'Drawing',
  table: 'Table',
  'rich-text': 'Written answer',
  'cloze-paragraph-dnd': 'Fill in the blanks (word bank)',
  'cloze-paragraph-input': 'Fill in the blanks (typed)',
  'cloze-table-text': 'Fill-in table (typed)',
  'cloze-table-dnd': 'Fill-in table (word bank)',
  image: 'Image',
  'file-upload': 'File upload',
  'drag-and-drop-image': 'Drag and drop onto an image',
};

/** The data a new block of each type starts with (valid against the contracts, except for empty images). */
export function defaultData(type: BlockType): Record<string, unknown> {
  switch (type) {
    case 'paragraph':
      return { text: '' };
    case 'header':
      return { text: '', level: 2 };
    case 'list':
      return { style: 'unordered', items: [] };
    case 'illustration':
      return {};
    case 'table':
      return {
        content: [
          ['', ''],
          ['', ''],
        ],
        withHeadings: false,
      };
    case 'rich-text':
    case 'file-upload':
      return { text: '' };
    case 'cloze-paragraph-dnd':
    case 'cloze-paragraph-input':
      return { text: '', options: [] };
    case 'cloze-table-text':
      return {
        content: [
          ['', RESPONSE_PLACEHOLDER],
          ['', RESPONSE_PLACEHOLDER],
        ],
        withHeadings: false,
      };
    case 'cloze-table-dnd':
      return {
        content: [
          ['', RESPONSE_PLACEHOLDER],
          ['', RESPONSE_PLACEHOLDER],
        ],
        withHeadings: false,
        options: [],
      };
    case 'image':
      return { file: { url: '' }, caption: '' };
    case 'drag-and-drop-image':
      return { image_url: '', draggables: [], dropzones: [] };
  }
}

interface EditorListItem {
  content?: unknown;
  items?: unknown;
}

function listItems(items: unknown): ListItem[] {
  if (!Array.isArray(items)) return [];
  return items.map((item: EditorListItem | string) =>
    typeof item === 'string'
      ? { content: item, items: [] }
      : { content: typeof item.content === 'string' ? item.content : '', items: listItems(item.items) },
  );
}

/**
 * Editor.js's saved blocks in the contracts' shape: list items without the list tool's meta (a checklist becomes an
 * unordered list), tables without `stretched`. Blocks are otherwise sent as they are: the server checks each against
 * its schema and names the field it refuses.
 */
export function toContractBlocks(saved: readonly { id?: string; type: string; data: unknown }[]): ActivityBlock[] {
  return saved.map((block) => {
    const data = { ...(block.data as Record<string, unknown>) };
    if (block.type === 'list') {
      data.style = data.style === 'ordered' ? 'ordered' : 'unordered';
      data.items = listItems(data.items);
      delete data.meta;
    }
    if ('stretched' in data) delete data.stretched;
    return { id: block.id ?? '', type: block.type, data } as ActivityBlock;
  });
}

/**
 * The first block that does not fit its schema, named as the server would name the field, e.g.
 * "Block 2 (Heading), blocks.1.data.level: Too big…", for a message before saving.
 */
export function firstInvalidBlock(blocks: readonly ActivityBlock[]): string | null {
  for (const [index, block] of blocks.entries()) {
    const parsed = activityBlockSchema.safeParse(block);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const title = blockTitles[block.type] ?? block.type;
      const field = ['blocks', index, ...(issue?.path ?? [])].map(String).join('.');
      return `Block ${index + 1} (${title}), ${field}: ${issue?.message ?? 'not valid'}`;
    }
  }
  return null;
}
