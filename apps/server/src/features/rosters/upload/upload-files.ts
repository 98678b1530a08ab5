/**
 * The files of an upload, as parsers read them. Each uploaded file is streamed to a temporary folder as it arrives,
 * hashed and counted on the way (at most ROSTER_MAX_UPLOAD_BYTES in all), so an upload never sits in memory whole;
 * a zip is opened from its file with yauzl and each entry streamed out beside it, counting the bytes actually
 * inflated so a zip bomb stops at the limit. Parsers then read every file as a stream from disk.
 */
import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, open, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yauzl from 'yauzl';
import {
  ROSTER_MAX_UPLOAD_BYTES,
  ROSTER_MAX_ZIP_ENTRIES,
  RosterFileError,
  type RosterInputFile,
} from '../parsers/index';

const MB = ROSTER_MAX_UPLOAD_BYTES / 1024 / 1024;

/** One uploaded file on disk, with its size and sha256 (a zip hashed as uploaded). */
export interface SavedUpload {
  name: string;
  path: string;
  size: number;
  sha256: string;
}

/** A temporary folder for one upload's files; `remove` deletes it and everything in it. */
export async function uploadFolder(): Promise<{ dir: string; remove: () => Promise<void> }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'banksia-roster-'));
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

/** Counts the bytes going through against `budget`, failing with `tooBig` once it is spent. */
function counting(budget: { left: number }, tooBig: () => Error, onChunk?: (chunk: Buffer) => void): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      budget.left -= chunk.length;
      if (budget.left < 0) return done(tooBig());
      onChunk?.(chunk);
      done(null, chunk);
    },
  });
}

/**
 * Streams one uploaded file into `dir` (as upload-N), hashing and counting it; the whole upload may hold at most
 * ROSTER_MAX_UPLOAD_BYTES (`budget` is shared by its files).
 */
export async function saveUpload(
  stream: Readable,
  name: string,
  dir: string,
  budget: { left: number },
): Promise<SavedUpload> {
  const file = path.join(dir, `upload-${randomUUID()}`);
  const hash = createHash('sha256');
  let size = 0;
  await pipeline(
    stream,
    counting(
      budget,
      () => new RosterFileError(`The upload is larger than ${MB} MB.`),
      (chunk) => {
        size += chunk.length;
        hash.update(chunk);
      },
    ),
    createWriteStream(file),
  );
  return { name, path: file, size, sha256: hash.digest('hex') };
}

/** A file on disk as a parser reads it: a fresh stream on each read. */
function diskFile(name: string, file: string, size: number): RosterInputFile {
  return { name, size, read: () => createReadStream(file) };
}

async function isZip(file: string): Promise<boolean> {
  const handle = await open(file, 'r');
  try {
    const head = Buffer.alloc(4);
    const { bytesRead } = await handle.read(head, 0, 4, 0);
    return bytesRead === 4 && head.readUInt32LE(0) === 0x04034b50;
  } finally {
    await handle.close();
  }
}

function unzip(upload: SavedUpload, dir: string, budget: { left: number }): Promise<RosterInputFile[]> {
  const name = upload.name;
  const damaged = () => new RosterFileError(`${name} is damaged.`, 'file', name);
  const tooBig = () => new RosterFileError(`${name} unpacks to more than ${MB} MB.`, 'file', name);
  return new Promise((resolve, reject) => {
    yauzl.open(upload.path, { lazyEntries: true, validateEntrySizes: true }, (err, zip) => {
      if (err || !zip)
        return reject(new RosterFileError(`${name} is not a zip file that can be opened.`, 'file', name));
      const out: RosterInputFile[] = [];
      let entries = 0;
      let failed = false;
      const fail = (e: Error) => {
        if (failed) return;
        failed = true;
        zip.close();
        reject(e);
      };
      zip.on('error', () => fail(damaged()));
      zip.on('end', () => {
        if (!failed) resolve(out);
      });
      zip.on('entry', (entry: yauzl.Entry) => {
        if (/\/$/.test(entry.fileName) || /(^|\/)(__MACOSX|\.)/.test(entry.fileName)) return zip.readEntry();
        entries += 1;
        if (entries > ROSTER_MAX_ZIP_ENTRIES)
          return fail(new RosterFileError(`${name} holds more than ${ROSTER_MAX_ZIP_ENTRIES} files.`, 'file', name));
        // What the zip says of the entry first; the bytes actually inflated are counted below as well.
        if (entry.uncompressedSize > budget.left) return fail(tooBig());
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return fail(damaged());
          const file = path.join(dir, `entry-${entries}`);
          let size = 0;
          pipeline(
            stream,
            counting(budget, tooBig, (chunk) => (size += chunk.length)),
            createWriteStream(file),
          ).then(
            () => {
              out.push(diskFile(entry.fileName.replace(/^.*\//, ''), file, size));
              zip.readEntry();
            },
            (error: unknown) => fail(error instanceof RosterFileError ? error : damaged()),
          );
        });
      });
      zip.readEntry();
    });
  });
}

/**
 * The parser's files from the saved uploads: a zip becomes its entries (written beside it in `dir`), any other file
 * is read as it is. Uploaded and inflated bytes together stay within ROSTER_MAX_UPLOAD_BYTES.
 */
export async function expandUploads(uploads: SavedUpload[], dir: string): Promise<RosterInputFile[]> {
  const budget = { left: ROSTER_MAX_UPLOAD_BYTES };
  const files: RosterInputFile[] = [];
  for (const u of uploads) {
    if (await isZip(u.path)) files.push(...(await unzip(u, dir, budget)));
    else {
      budget.left -= u.size;
      if (budget.left < 0) throw new RosterFileError(`The upload is larger than ${MB} MB.`);
      files.push(diskFile(u.name, u.path, u.size));
    }
  }
  return files;
}
