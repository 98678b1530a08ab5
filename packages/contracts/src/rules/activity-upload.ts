import {
  DRAWING_ASSET_PREFIX,
  MAX_UPLOAD_BYTES,
  RANDOM_KEY_SUFFIX_LENGTH,
  UPLOAD_CONFIRMATION_MS,
  UPLOAD_PROMPTS,
  type UploadStatus,
} from '../activities';

/** The parts of a browser File (or multipart part) that decide whether it may be uploaded. */
export interface UploadCandidate {
  name: string;
  size: number;
  type: string;
}

export type UploadCheck = { ok: true } | { ok: false; reason: 'empty' | 'wrong_type' | 'too_large'; message: string };

const ACCEPTED_MIME_TYPES = new Set([
  'application/pdf',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
]);
const ACCEPTED_EXTENSIONS = ['.pdf', '.doc', '.docx', '.png', '.jpg', '.jpeg', '.gif', '.webp', '.svg'] as const;

/** For a file input's `accept`, so the picker offers only what checkUpload allows (spec §5). */
export const UPLOAD_ACCEPT = ['image/*', ...ACCEPTED_MIME_TYPES, ...ACCEPTED_EXTENSIONS].join(',');

function isAcceptedType({ name, type }: UploadCandidate): boolean {
  const mime = (type.split(';')[0] ?? '').trim().toLowerCase();
  // Browsers send no type (or the generic binary type) when the OS does not know the file, e.g. .docx without
  // Office installed; then the extension is all there is to go on.
  if (mime === '' || mime === 'application/octet-stream') {
    const lower = name.trim().toLowerCase();
    return ACCEPTED_EXTENSIONS.some((extension) => lower.endsWith(extension));
  }
  return mime.startsWith('image/') || ACCEPTED_MIME_TYPES.has(mime);
}

/**
 * Whether a file may be uploaded (spec §5): any image, pdf, doc or docx of at most 30,000,000 bytes. An empty file
 * is refused with the 'Select a file to upload' prompt. The type is checked before the size, so a student is not
 * told to shrink a file that could never be accepted.
 */
export function checkUpload(file: UploadCandidate): UploadCheck {
  if (!(file.size > 0)) return { ok: false, reason: 'empty', message: UPLOAD_PROMPTS.select };
  if (!isAcceptedType(file)) return { ok: false, reason: 'wrong_type', message: UPLOAD_PROMPTS.wrongType };
  if (file.size > MAX_UPLOAD_BYTES) return { ok: false, reason: 'too_large', message: UPLOAD_PROMPTS.tooLarge };
  return { ok: true };
}

export type UploadEvent = { type: 'start' } | { type: 'success' } | { type: 'failure' } | { type: 'reset' };

/**
 * Upload status (spec §4): IDLE → UPLOADING → SUCCESS or ERROR, and from any settled status a new file starts
 * again (or reset returns to IDLE). Only one file uploads at a time (spec §5), so start is ignored while uploading;
 * success and failure count only while uploading, so a stray answer cannot settle an upload that never started.
 */
export function uploadStatusReducer(status: UploadStatus, event: UploadEvent): UploadStatus {
  switch (event.type) {
    case 'start':
      return status === 'UPLOADING' ? status : 'UPLOADING';
    case 'success':
      return status === 'UPLOADING' ? 'SUCCESS' : status;
    case 'failure':
      return status === 'UPLOADING' ? 'ERROR' : status;
    case 'reset':
      return status === 'UPLOADING' ? status : 'IDLE';
  }
}

/** Whether 'Your file has been uploaded.' still shows, given when the upload succeeded (spec §4: for 3 seconds). */
export function showsUploadConfirmation(succeededAt: number, now: number): boolean {
  return now >= succeededAt && now - succeededAt < UPLOAD_CONFIRMATION_MS;
}

const KEY_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** Eight random characters from [a-z0-9] (spec §9); `random` is Math.random or a seeded stand-in for tests. */
export function randomKeySuffix(random: () => number): string {
  let suffix = '';
  for (let i = 0; i < RANDOM_KEY_SUFFIX_LENGTH; i++) {
    // Clamped so a generator returning exactly 1 (or a little out of range) still yields a valid character.
    const index = Math.min(KEY_ALPHABET.length - 1, Math.max(0, Math.floor(random() * KEY_ALPHABET.length)));
    suffix += KEY_ALPHABET[index] ?? 'a';
  }
  return suffix;
}

/** Storage key of a drawing image: the drawing prefix plus a random suffix (spec §7). */
export function drawingAssetKey(random: () => number): string {
  return DRAWING_ASSET_PREFIX + randomKeySuffix(random);
}
