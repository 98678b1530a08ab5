import { describe, expect, it } from 'vitest';
import { blockTypes, type ActivityBlock, type BlockResponse } from '../activities';
import {
  acceptsResponses,
  applyBlockResponse,
  isResponseBlock,
  responseFor,
  reviewBlocks,
  viewerModes,
  type ViewerMode,
} from './activity-viewer';

describe('acceptsResponses', () => {
  it.each<[ViewerMode, boolean]>([
    ['normal', true],
    ['review', true],
    ['read-only', false],
    ['example', false],
  ])('%s → %s', (mode, expected) => {
    expect(acceptsResponses(mode)).toBe(expected);
  });

  it('covers every mode', () => {
    expect(viewerModes).toEqual(['normal', 'review', 'read-only', 'example']);
  });
});

describe('isResponseBlock', () => {
  it.each<[string, boolean]>([
    ['paragraph', false],
    ['header', false],
    ['list', false],
    ['illustration', true],
    ['table', false],
    ['rich-text', true],
    ['cloze-paragraph-dnd', true],
    ['cloze-paragraph-input', true],
    ['cloze-table-text', true],
    ['cloze-table-dnd', true],
    ['image', false],
    ['file-upload', true],
    ['drag-and-drop-image', true],
    ['unknown', false],
    ['', false],
  ])('%s → %s', (type, expected) => {
    expect(isResponseBlock(type)).toBe(expected);
  });

  it('has a row above for each of the 13 block types', () => {
    expect(blockTypes).toHaveLength(13);
  });
});

const blocks: ActivityBlock[] = [
  { id: 'h', type: 'header', data: { text: 'Cells', level: 2 } },
  { id: 'p', type: 'paragraph', data: { text: 'Read this.' } },
  { id: 'd', type: 'illustration', data: {} },
  { id: 'r', type: 'rich-text', data: { text: 'Explain.', example_response: { student_response: '<p>Model</p>' } } },
  { id: 'c1', type: 'cloze-paragraph-dnd', data: { text: '{{response}}', options: ['a'] } },
  { id: 'c2', type: 'cloze-paragraph-input', data: { text: '{{response}}', options: ['a'] } },
  { id: 't1', type: 'cloze-table-text', data: { content: [['{{response}}']], withHeadings: false } },
  { id: 't2', type: 'cloze-table-dnd', data: { content: [['{{response}}']], withHeadings: true, options: ['a'] } },
  { id: 'tb', type: 'table', data: { content: [['x']], withHeadings: false } },
  { id: 'i', type: 'image', data: { file: { url: '/a.png' }, caption: '' } },
  { id: 'f', type: 'file-upload', data: { example_response: 'not a response' } },
  { id: 'g', type: 'drag-and-drop-image', data: { image_url: '/b.png', draggables: [], dropzones: [] } },
  { id: 'l', type: 'list', data: { style: 'ordered', items: [] } },
];

describe('reviewBlocks', () => {
  it('keeps only response blocks, in order, with their labels', () => {
    expect(reviewBlocks(blocks).map(({ block, label }) => [block.id, label])).toEqual([
      ['d', 'Drawing response'],
      ['r', 'Text response'],
      ['c1', 'Fill in the blank response'],
      ['c2', 'Fill in the blank response'],
      ['t1', 'Fill in the table response'],
      ['t2', 'Fill in the table response'],
      ['f', 'File upload submission'],
      ['g', 'Drag and drop image response'],
    ]);
  });

  it('is empty for an activity with nothing to answer', () => {
    expect(reviewBlocks([])).toEqual([]);
    expect(reviewBlocks(blocks.slice(0, 2))).toEqual([]);
  });
});

describe('responseFor', () => {
  const stored: Record<string, BlockResponse> = {
    r: { student_response: '<p>Mine</p>' },
    f: { file_key: 'k', fileName: 'a.pdf', size: 10, type: 'application/pdf' },
  };
  const byId = (id: string) => blocks.find((block) => block.id === id) as ActivityBlock;

  it.each<[string, string, ViewerMode, Record<string, BlockResponse> | undefined, BlockResponse | undefined]>([
    ['normal shows the stored answer', 'r', 'normal', stored, { student_response: '<p>Mine</p>' }],
    ['review shows the stored answer', 'r', 'review', stored, { student_response: '<p>Mine</p>' }],
    ['read-only shows the stored answer', 'f', 'read-only', stored, stored.f],
    ['no stored answer', 'd', 'normal', stored, undefined],
    ['no responses at all', 'r', 'normal', undefined, undefined],
    // Example mode never shows a student's work.
    ['example shows the example', 'r', 'example', stored, { student_response: '<p>Model</p>' }],
    ['example with no example shows nothing', 'd', 'example', stored, undefined],
    ['an example that is not a response shows nothing', 'f', 'example', stored, undefined],
  ])('%s', (_name, id, mode, responses, expected) => {
    expect(responseFor(byId(id), mode, responses)).toEqual(expected);
  });
});

describe('applyBlockResponse', () => {
  const before: Record<string, BlockResponse> = { a: { response_values: ['x'] } };
  const answer: BlockResponse = { response_values: ['y'] };

  it.each<[ViewerMode, Record<string, BlockResponse>]>([
    ['normal', { a: { response_values: ['y'] } }],
    ['review', { a: { response_values: ['y'] } }],
    ['read-only', before],
    ['example', before],
  ])('%s', (mode, expected) => {
    expect(applyBlockResponse(mode, before, 'a', answer)).toEqual(expected);
  });

  it('returns the same object when the mode ignores responses', () => {
    expect(applyBlockResponse('example', before, 'a', answer)).toBe(before);
    expect(applyBlockResponse('read-only', before, 'b', answer)).toBe(before);
  });
});
