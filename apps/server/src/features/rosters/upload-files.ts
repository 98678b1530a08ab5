/**
 * The files of an upload, as parsers read them: each file's bytes (at most ROSTER_MAX_UPLOAD_BYTES in all), and
 * a zip opened into its entries with yauzl, counting the bytes actually inflated so a zip bomb stops at the limit.
 */
import { createHash } from 'node:crypto';
import yauzl from 'yauzl';
import { bufferFile } from './parsers/csv-reader';
import {
  ROSTER_MAX_UPLOAD_BYTES,
  ROSTER_MAX_ZIP_ENTRIES,
  RosterFileError,
  type RosterInputFile,
} from './parsers/types';

const isZip = (b: Buffer) => b.length >= 4 && b.readUInt32LE(0) === 0x04034b50;

function unzip(name: string, bytes: Buffer, budget: { left: number }): Promise<RosterInputFile[]> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true, validateEntrySizes: true }, (err, zip) => {
      if (err || !zip)
        return reject(new RosterFileError(`${name} is not a zip file that can be opened.`, 'file', name));
      const out: RosterInputFile[] = [];
      let entries = 0;
      const fail = (e: Error) => {
        zip.close();
        reject(e);
      };
      zip.on('error', () => fail(new RosterFileError(`${name} is damaged.`, 'file', name)));
      zip.on('end', () => resolve(out));
      zip.on('entry', (entry: yauzl.Entry) => {
        if (/\/$/.test(entry.fileName) || /(^|\/)(__MACOSX|\.)/.test(entry.fileName)) return zip.readEntry();
        entries += 1;
        if (entries > ROSTER_MAX_ZIP_ENTRIES)
          return fail(new RosterFileError(`${name} holds more than ${ROSTER_MAX_ZIP_ENTRIES} files.`, 'file', name));
        if (entry.uncompressedSize > budget.left)
          return fail(
            new RosterFileError(
              `${name} unpacks to more than ${ROSTER_MAX_UPLOAD_BYTES / 1024 / 1024} MB.`,
              'file',
              name,
            ),
          );
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return fail(new RosterFileError(`${name} is damaged.`, 'file', name));
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => {
            budget.left -= c.length;
            if (budget.left < 0) {
              stream.destroy();
              fail(
                new RosterFileError(
                  `${name} unpacks to more than ${ROSTER_MAX_UPLOAD_BYTES / 1024 / 1024} MB.`,
                  'file',
                  name,
                ),
              );
            } else chunks.push(c);
          });
          stream.on('error', () => fail(new RosterFileError(`${name} is damaged.`, 'file', name)));
          stream.on('end', () => {
            if (budget.left < 0) return;
            out.push(bufferFile(entry.fileName.replace(/^.*\//, ''), Buffer.concat(chunks)));
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  });
}

/** The parser's files and each uploaded file's sha256 (zips hashed as uploaded). */
export async function expandUploads(uploads: Array<{ name: string; bytes: Buffer }>) {
  const budget = { left: ROSTER_MAX_UPLOAD_BYTES };
  const files: RosterInputFile[] = [];
  const hashes = uploads.map((u) => ({ name: u.name, sha256: createHash('sha256').update(u.bytes).digest('hex') }));
  for (const u of uploads) {
    if (isZip(u.bytes)) files.push(...(await unzip(u.name, u.bytes, budget)));
    else {
      budget.left -= u.bytes.length;
      if (budget.left < 0)
        throw new RosterFileError(`The upload is larger than ${ROSTER_MAX_UPLOAD_BYTES / 1024 / 1024} MB.`);
      files.push(bufferFile(u.name, u.bytes));
    }
  }
  return { files, hashes };
}
