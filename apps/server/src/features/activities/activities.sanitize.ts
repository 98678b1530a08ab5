import type { ActivityBlock, BlockResponse, ListItem } from '@banksia/contracts/activities';
import { sanitizeRichText, sanitizeSvg, stripMarkup } from '../../platform/sanitize';

const clean = (html: string) => sanitizeRichText(html);

function cleanList(items: ListItem[]): ListItem[] {
  return items.map((item) => ({ content: clean(item.content), items: cleanList(item.items) }));
}

function cleanExample(example: unknown): unknown {
  if (typeof example === 'string') return clean(example);
  if (example && typeof example === 'object' && !Array.isArray(example)) {
    const value = example as Record<string, unknown>;
    if (typeof value.student_response === 'string') {
      return { ...value, student_response: clean(value.student_response) };
    }
  }
  return example;
}

/**
 * Sanitises the HTML an author can put in an activity (text, captions, table cells, list items and rich-text
 * model answers) so that whatever reaches a student's browser holds only the editor's markup.
 */
export function sanitizeBlocks(blocks: ActivityBlock[]): ActivityBlock[] {
  return blocks.map((block): ActivityBlock => {
    const data = { ...block.data } as Record<string, unknown>;
    if (typeof data.text === 'string') data.text = clean(data.text);
    if (typeof data.caption === 'string') data.caption = clean(data.caption);
    if (Array.isArray(data.content)) data.content = (data.content as string[][]).map((row) => row.map(clean));
    if (block.type === 'list') data.items = cleanList(block.data.items);
    if ('example_response' in data) data.example_response = cleanExample(data.example_response);
    return { ...block, data } as ActivityBlock;
  });
}

/** Fields of a block response only the upload route may set. */
export const FILE_FIELDS = ['file_key', 'fileName', 'size', 'type'] as const;

/**
 * Cleans a student's answers (spec §5): rich text sanitised, words and table cell answers trimmed and stripped of
 * markup. File fields from the client are dropped and the stored ones kept, so no one can point a block at a file
 * they did not upload.
 */
export function sanitizeBlockResponses(
  incoming: Record<string, BlockResponse>,
  stored: Record<string, BlockResponse>,
): Record<string, BlockResponse> {
  const result: Record<string, BlockResponse> = {};
  for (const [blockId, response] of Object.entries(incoming)) {
    const next: BlockResponse = { ...response };
    for (const field of FILE_FIELDS) delete next[field];
    if (typeof next.student_response === 'string') next.student_response = sanitizeRichText(next.student_response);
    if (typeof next.submitted_drawing_svg === 'string') {
      next.submitted_drawing_svg = sanitizeSvg(next.submitted_drawing_svg);
    }
    if (next.response_values) {
      const word = (value: string) => stripMarkup(value).trim();
      next.response_values = next.response_values.every((v) => typeof v === 'string')
        ? (next.response_values as string[]).map(word)
        : (next.response_values as string[][]).map((cell) => cell.map(word));
    }
    const kept = stored[blockId];
    if (kept)
      for (const field of FILE_FIELDS) if (kept[field] !== undefined) Object.assign(next, { [field]: kept[field] });
    result[blockId] = next;
  }
  // An upload recorded for a block the client did not send is kept too.
  for (const [blockId, kept] of Object.entries(stored)) {
    if (result[blockId] || kept.file_key === undefined) continue;
    result[blockId] = Object.fromEntries(FILE_FIELDS.filter((f) => kept[f] !== undefined).map((f) => [f, kept[f]]));
  }
  return result;
}
