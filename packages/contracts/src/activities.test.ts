import { describe, expect, it } from 'vitest';
import {
  activityBlockSchema,
  activityResponseSchema,
  activitySchema,
  blockResponseSchema,
  blockTypes,
  responseBlockTypes,
  reviewLabels,
  saveStatuses,
  uploadStatuses,
} from './activities';

describe('activityBlockSchema accepts each block type', () => {
  it.each<[string, unknown]>([
    ['paragraph', { text: 'Hello <b>there</b>' }],
    ['header', { text: 'Title', level: 1 }],
    ['header', { text: 'Title', level: 6 }],
    [
      'list',
      {
        style: 'ordered',
        items: [
          { content: 'a', items: [{ content: 'a.1', items: [] }] },
          { content: 'b', items: [] },
        ],
      },
    ],
    ['list', { style: 'unordered', items: [] }],
    ['illustration', {}],
    ['illustration', { init_response: { elements: [] }, example_response: { submitted_drawing_svg: '<svg/>' } }],
    [
      'table',
      {
        content: [
          ['a', 'b'],
          ['c', 'd'],
        ],
        withHeadings: true,
      },
    ],
    ['rich-text', {}],
    ['rich-text', { text: 'Explain', example_response: { student_response: '<p>x</p>' } }],
    ['cloze-paragraph-dnd', { text: 'The {{response}} sat.', options: ['cat', 'dog'] }],
    ['cloze-paragraph-input', { text: 'The {{response}} sat.', options: ['cat'] }],
    ['cloze-table-text', { content: [['Name', '{{response}}']], withHeadings: false }],
    ['cloze-table-dnd', { content: [['{{response}}']], withHeadings: true, options: ['a', 'b'] }],
    ['image', { file: { url: 'https://example.org/a.png' }, caption: 'A cell' }],
    ['file-upload', {}],
    ['file-upload', { text: 'Upload your essay' }],
    [
      'drag-and-drop-image',
      {
        image_url: '/a.png',
        draggables: [{ id: 'd1', x_position: 10, y_position: 20, width: 50, height: 30 }],
        dropzones: [{ id: 'z1', x_offset: 100, y_offset: 200, width: 60, height: 40, value: 'Nucleus' }],
      },
    ],
  ])('%s %j', (type, data) => {
    expect(activityBlockSchema.safeParse({ id: 'abc123', type, data }).success).toBe(true);
  });

  it('has a case above for all 13 types', () => {
    expect(blockTypes).toHaveLength(13);
  });
});

describe('activityBlockSchema rejects', () => {
  it.each<[string, unknown]>([
    ['an unknown type', { id: 'a', type: 'video', data: {} }],
    ['a missing id', { type: 'paragraph', data: { text: '' } }],
    ['an empty id', { id: '', type: 'paragraph', data: { text: '' } }],
    ['a header level 0', { id: 'a', type: 'header', data: { text: 't', level: 0 } }],
    ['a header level 7', { id: 'a', type: 'header', data: { text: 't', level: 7 } }],
    ['a fractional header level', { id: 'a', type: 'header', data: { text: 't', level: 1.5 } }],
    ['a list style other than the two', { id: 'a', type: 'list', data: { style: 'checklist', items: [] } }],
    [
      'a nested list item without items',
      { id: 'a', type: 'list', data: { style: 'ordered', items: [{ content: 'x', items: [{ content: 'y' }] }] } },
    ],
    ['a table row that is not a list', { id: 'a', type: 'table', data: { content: ['a'], withHeadings: false } }],
    ['cloze without options', { id: 'a', type: 'cloze-paragraph-dnd', data: { text: '{{response}}' } }],
    ['a table dnd without options', { id: 'a', type: 'cloze-table-dnd', data: { content: [], withHeadings: true } }],
    ['an image without a url', { id: 'a', type: 'image', data: { file: {}, caption: '' } }],
    [
      'a dropzone without a value',
      {
        id: 'a',
        type: 'drag-and-drop-image',
        data: {
          image_url: '',
          draggables: [],
          dropzones: [{ id: 'z', x_offset: 0, y_offset: 0, width: 1, height: 1 }],
        },
      },
    ],
    [
      'a draggable with a negative width',
      {
        id: 'a',
        type: 'drag-and-drop-image',
        data: {
          image_url: '',
          draggables: [{ id: 'd', x_position: 0, y_position: 0, width: -1, height: 1 }],
          dropzones: [],
        },
      },
    ],
  ])('%s', (_name, value) => {
    expect(activityBlockSchema.safeParse(value).success).toBe(false);
  });
});

describe('activitySchema', () => {
  it('accepts what Editor.js saves', () => {
    const saved = {
      time: 1_700_000_000_000,
      version: '2.28.0',
      blocks: [{ id: 'x', type: 'paragraph', data: { text: 'Hi' } }],
    };
    expect(activitySchema.parse(saved)).toEqual(saved);
  });

  it('accepts an empty activity', () => {
    expect(activitySchema.safeParse({ blocks: [] }).success).toBe(true);
  });

  it('rejects an activity with one bad block', () => {
    const bad = {
      blocks: [
        { id: 'x', type: 'paragraph', data: { text: 'Hi' } },
        { id: 'y', type: 'header', data: {} },
      ],
    };
    expect(activitySchema.safeParse(bad).success).toBe(false);
  });
});

describe('blockResponseSchema', () => {
  it.each<[string, unknown, boolean]>([
    ['empty', {}, true],
    ['words per blank', { response_values: ['cat', ''] }, true],
    ['word lists per table cell', { response_values: [['a', 'b'], []] }, true],
    ['mixed words and lists', { response_values: ['a', ['b']] }, false],
    ['rich text', { student_response: '<p>Hi</p>' }, true],
    ['a drawing', { submitted_drawing_json: { elements: [] }, submitted_drawing_svg: '<svg/>' }, true],
    ['a file', { file_key: 'k/essay.pdf', fileName: 'essay.pdf', size: 1234, type: 'application/pdf' }, true],
    ['a negative size', { size: -1 }, false],
    ['a dropzone map', { draggable_to_containing_dropzone_map: { d1: 'z1', d2: 'z1' } }, true],
    ['a dropzone map with a number', { draggable_to_containing_dropzone_map: { d1: 3 } }, false],
  ])('%s → %s', (_name, value, expected) => {
    expect(blockResponseSchema.safeParse(value).success).toBe(expected);
  });

  it('activity response keys block responses by block id', () => {
    const response = { id: 7, block_responses: { abc: { response_values: ['x'] }, def: { student_response: '' } } };
    expect(activityResponseSchema.parse(response)).toEqual(response);
    expect(activityResponseSchema.safeParse({ id: 7, block_responses: { abc: { size: 'big' } } }).success).toBe(false);
  });
});

describe('constants', () => {
  it('lists the status values of spec §3', () => {
    expect(uploadStatuses).toEqual(['IDLE', 'UPLOADING', 'SUCCESS', 'ERROR']);
    expect(saveStatuses).toEqual(['saved', 'saving', 'error']);
  });

  it('labels every response block type for review mode', () => {
    expect(Object.keys(reviewLabels).sort()).toEqual([...responseBlockTypes].sort());
    expect(new Set(Object.values(reviewLabels))).toEqual(
      new Set([
        'Drawing response',
        'Text response',
        'Fill in the blank response',
        'Fill in the table response',
        'File upload submission',
        'Drag and drop image response',
      ]),
    );
  });
});
