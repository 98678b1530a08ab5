import { describe, expect, it } from 'vitest';
import { DRAWING_ASSET_PREFIX, MAX_UPLOAD_BYTES, UPLOAD_PROMPTS, type UploadStatus } from '../activities';
import {
  UPLOAD_ACCEPT,
  checkUpload,
  drawingAssetKey,
  randomKeySuffix,
  showsUploadConfirmation,
  uploadStatusReducer,
  type UploadCandidate,
  type UploadCheck,
  type UploadEvent,
} from './activity-upload';

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const ok: UploadCheck = { ok: true };
const wrongType: UploadCheck = {
  ok: false,
  reason: 'wrong_type',
  message: 'You can upload the following file types: .doc, .docx, .pdf and image files.',
};
const tooLarge: UploadCheck = {
  ok: false,
  reason: 'too_large',
  message: 'The maximum size allowed for file uploads is 30MB.',
};
const empty: UploadCheck = { ok: false, reason: 'empty', message: 'Select a file to upload' };

describe('checkUpload', () => {
  it.each<[string, UploadCandidate, UploadCheck]>([
    ['pdf', { name: 'essay.pdf', size: 1000, type: 'application/pdf' }, ok],
    ['doc', { name: 'essay.doc', size: 1000, type: 'application/msword' }, ok],
    ['docx', { name: 'essay.docx', size: 1000, type: DOCX }, ok],
    ['png', { name: 'a.png', size: 1000, type: 'image/png' }, ok],
    // "Any image": types the extension list does not name are still images.
    ['heic', { name: 'a.heic', size: 1000, type: 'image/heic' }, ok],
    ['svg', { name: 'a.svg', size: 1000, type: 'image/svg+xml' }, ok],
    ['type in capitals', { name: 'a.pdf', size: 1000, type: 'Application/PDF' }, ok],
    ['type with a parameter', { name: 'a.pdf', size: 1000, type: 'application/pdf; charset=binary' }, ok],
    ['exactly 30,000,000 bytes', { name: 'big.pdf', size: 30_000_000, type: 'application/pdf' }, ok],
    ['one byte over', { name: 'big.pdf', size: 30_000_001, type: 'application/pdf' }, tooLarge],
    // 30MB is decimal: 30 MiB is over the limit.
    ['30 MiB', { name: 'big.png', size: 30 * 1024 * 1024, type: 'image/png' }, tooLarge],
    ['zip', { name: 'a.zip', size: 1000, type: 'application/zip' }, wrongType],
    ['plain text', { name: 'a.txt', size: 1000, type: 'text/plain' }, wrongType],
    ['video', { name: 'a.mp4', size: 1000, type: 'video/mp4' }, wrongType],
    ['a type wins over a misleading name', { name: 'a.pdf', size: 1000, type: 'text/html' }, wrongType],
    ['no type, .docx name', { name: 'essay.docx', size: 1000, type: '' }, ok],
    ['no type, .DOC name in capitals', { name: 'ESSAY.DOC', size: 1000, type: '' }, ok],
    ['no type, .jpeg name', { name: 'a.jpeg', size: 1000, type: '' }, ok],
    ['no type, .webp name', { name: 'a.webp', size: 1000, type: '' }, ok],
    ['binary type, .pdf name', { name: 'a.pdf', size: 1000, type: 'application/octet-stream' }, ok],
    ['binary type, .exe name', { name: 'a.exe', size: 1000, type: 'application/octet-stream' }, wrongType],
    ['no type, no extension', { name: 'essay', size: 1000, type: '' }, wrongType],
    ['no type, extension only in the middle', { name: 'a.pdf.exe', size: 1000, type: '' }, wrongType],
    ['empty file', { name: 'a.pdf', size: 0, type: 'application/pdf' }, empty],
    ['size not a number', { name: 'a.pdf', size: Number.NaN, type: 'application/pdf' }, empty],
    // The type is checked first, so a too-large zip is reported as the wrong type.
    ['too large and wrong type', { name: 'a.zip', size: 40_000_000, type: 'application/zip' }, wrongType],
  ])('%s', (_name, file, expected) => {
    expect(checkUpload(file)).toEqual(expected);
  });

  it('uses the spec §8 prompts', () => {
    expect(UPLOAD_PROMPTS).toEqual({
      select: 'Select a file to upload',
      uploaded: 'Your file has been uploaded.',
      uploading: 'Uploading...',
      wrongType: 'You can upload the following file types: .doc, .docx, .pdf and image files.',
      tooLarge: 'The maximum size allowed for file uploads is 30MB.',
    });
    expect(MAX_UPLOAD_BYTES).toBe(30_000_000);
  });

  it('offers the accepted types to the file picker', () => {
    expect(UPLOAD_ACCEPT.split(',')).toEqual(
      expect.arrayContaining(['image/*', 'application/pdf', 'application/msword', DOCX, '.pdf', '.doc', '.docx']),
    );
  });
});

describe('uploadStatusReducer', () => {
  it.each<[UploadStatus, UploadEvent['type'], UploadStatus]>([
    ['IDLE', 'start', 'UPLOADING'],
    ['UPLOADING', 'success', 'SUCCESS'],
    ['UPLOADING', 'failure', 'ERROR'],
    // A new file after a settled upload.
    ['SUCCESS', 'start', 'UPLOADING'],
    ['ERROR', 'start', 'UPLOADING'],
    ['SUCCESS', 'reset', 'IDLE'],
    ['ERROR', 'reset', 'IDLE'],
    ['IDLE', 'reset', 'IDLE'],
    // One file at a time.
    ['UPLOADING', 'start', 'UPLOADING'],
    ['UPLOADING', 'reset', 'UPLOADING'],
    // Answers only settle an upload in progress.
    ['IDLE', 'success', 'IDLE'],
    ['IDLE', 'failure', 'IDLE'],
    ['SUCCESS', 'failure', 'SUCCESS'],
    ['ERROR', 'success', 'ERROR'],
  ])('%s + %s → %s', (status, event, expected) => {
    expect(uploadStatusReducer(status, { type: event })).toBe(expected);
  });
});

describe('showsUploadConfirmation', () => {
  it.each<[number, boolean]>([
    [0, true],
    [2999, true],
    [3000, false],
    [10_000, false],
    [-1, false],
  ])('%i ms after success → %s', (elapsed, expected) => {
    expect(showsUploadConfirmation(1_000_000, 1_000_000 + elapsed)).toBe(expected);
  });
});

/** A stand-in generator that returns the given values in turn, repeating the last. */
const sequence =
  (...values: number[]) =>
  () =>
    values.length > 1 ? (values.shift() ?? 0) : (values[0] ?? 0);

describe('randomKeySuffix', () => {
  it.each<[string, () => number, string]>([
    ['all zeros', () => 0, 'aaaaaaaa'],
    ['just under one', () => 0.999999, '99999999'],
    ['exactly one is clamped', () => 1, '99999999'],
    ['negative is clamped', () => -0.5, 'aaaaaaaa'],
    ['NaN falls back', () => Number.NaN, 'aaaaaaaa'],
    ['spread', sequence(0, 1 / 36, 25 / 36, 26 / 36, 35 / 36, 0.5, 0.1, 0.9), 'abz09sd6'],
  ])('%s → %s', (_name, random, expected) => {
    expect(randomKeySuffix(random)).toBe(expected);
  });

  it('is 8 characters of [a-z0-9] with Math.random', () => {
    for (let i = 0; i < 50; i++) expect(randomKeySuffix(Math.random)).toMatch(/^[a-z0-9]{8}$/);
  });
});

describe('drawingAssetKey', () => {
  it('is the drawing prefix plus the suffix', () => {
    expect(drawingAssetKey(() => 0)).toBe('media/assets/drawing-input-field/aaaaaaaa');
    expect(drawingAssetKey(Math.random)).toMatch(/^media\/assets\/drawing-input-field\/[a-z0-9]{8}$/);
    expect(DRAWING_ASSET_PREFIX).toBe('media/assets/drawing-input-field/');
  });
});
