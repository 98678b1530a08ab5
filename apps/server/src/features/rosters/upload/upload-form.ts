import type { FastifyRequest } from 'fastify';
import { AppError } from '../../../platform/errors';
import { readMultipart } from '../../../platform/multipart';
import { ROSTER_MAX_UPLOAD_BYTES, RosterFileError } from '../parsers/index';
import { saveUpload, type SavedUpload } from './upload-files';

const MB = ROSTER_MAX_UPLOAD_BYTES / 1024 / 1024;

/** The refusal of an upload over ROSTER_MAX_UPLOAD_BYTES. */
export const uploadTooLarge = () => new AppError('payload_too_large', `The upload is larger than ${MB} MB.`);

/** The upload form as read: its fields, and its files (field `file`, any number) saved in the upload's folder. */
export interface RosterForm {
  fields: Record<string, string>;
  uploads: SavedUpload[];
}

/**
 * Reads the roster upload form, streaming each file named `file` to disk as it arrives (an upload is never held in
 * memory whole); files of other fields are read and dropped. A request that is not a form is a 400 on `file`.
 */
export async function readRosterForm(request: FastifyRequest, dir: string): Promise<RosterForm> {
  const uploads: SavedUpload[] = [];
  const budget = { left: ROSTER_MAX_UPLOAD_BYTES };
  const { fields } = await readMultipart(
    request,
    async (part) => {
      if (part.fieldname !== 'file') {
        await part.toBuffer();
        return undefined;
      }
      const name = part.filename.replace(/^.*[\\/]/, '').slice(-200) || 'roster.csv';
      const saved = await saveUpload(part.file, name, dir, budget).catch((error: unknown) => {
        const code = (error as { code?: string }).code;
        if (code === 'FST_REQ_FILE_TOO_LARGE' || error instanceof RosterFileError) throw uploadTooLarge();
        throw error;
      });
      if (part.file.truncated) throw uploadTooLarge();
      if (saved.size === 0) {
        throw new AppError('validation_failed', `${part.filename} is empty.`, {
          errors: { file: [`${part.filename} is empty.`] },
        });
      }
      uploads.push(saved);
      return undefined;
    },
    {
      notMultipart: () =>
        new AppError('bad_request', 'Expected a multipart form.', { errors: { file: ['Choose a file to upload.'] } }),
    },
  );
  return { fields, uploads };
}
