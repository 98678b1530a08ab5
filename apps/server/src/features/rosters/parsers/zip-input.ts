/**
 * Opening a zip of roster files with yauzl, within limits: at most ROSTER_MAX_ZIP_ENTRIES files, and at most
 * ROSTER_MAX_UPLOAD_BYTES uncompressed in all. Sizes declared in the zip's directory are checked before anything is
 * inflated, and the bytes really inflated are counted while streaming (yauzl also refuses an entry that inflates to
 * more than it declares), so a zip bomb fails fast instead of filling memory. Entries are never written to disk;
 * names with `..` or an absolute path are refused all the same.
 */
import yauzl from 'yauzl';
import { baseName, memoryFile, readBytes } from './csv-input';
import { ROSTER_MAX_UPLOAD_BYTES, ROSTER_MAX_ZIP_ENTRIES, RosterFileError, type RosterInputFile } from './types';

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const EMPTY_ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x05, 0x06]);

/** Is this upload a zip (by its name, or its first bytes)? */
export function isZip(name: string, firstBytes: Buffer): boolean {
  return (
    /\.zip$/i.test(name) ||
    firstBytes.subarray(0, 4).equals(ZIP_MAGIC) ||
    firstBytes.subarray(0, 4).equals(EMPTY_ZIP_MAGIC)
  );
}

/** Entries that are not data: folders, macOS resource forks, Windows thumbnails. */
function isJunk(fileName: string): boolean {
  return (
    fileName.endsWith('/') ||
    fileName.startsWith('__MACOSX/') ||
    /(^|\/)\.DS_Store$/.test(fileName) ||
    /(^|\/)Thumbs\.db$/i.test(fileName)
  );
}

function zipError(zipName: string, message: string): RosterFileError {
  return new RosterFileError(`${zipName}: ${message}`, 'file', zipName);
}

/** Reads the entries of a zip into memory files named `<zip>/<entry path>`. */
export async function unzipFiles(file: RosterInputFile): Promise<RosterInputFile[]> {
  const bytes = await readBytes(file);
  let zip: yauzl.ZipFile;
  try {
    zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
      yauzl.fromBuffer(bytes, { lazyEntries: true, validateEntrySizes: true, strictFileNames: false }, (err, z) =>
        err ? reject(err) : resolve(z),
      ),
    );
  } catch (error) {
    throw zipError(file.name, `this is not a readable zip file (${(error as Error).message}).`);
  }
  if (zip.entryCount > ROSTER_MAX_ZIP_ENTRIES) {
    zip.close();
    throw zipError(file.name, `the zip holds ${zip.entryCount} files; at most ${ROSTER_MAX_ZIP_ENTRIES} are read.`);
  }

  const files: RosterInputFile[] = [];
  let inflated = 0;
  const tooBig = () =>
    zipError(
      file.name,
      `its files are larger than ${Math.round(ROSTER_MAX_UPLOAD_BYTES / (1024 * 1024))} MB once unzipped.`,
    );

  await new Promise<void>((resolve, reject) => {
    let settled = false;
    const stop = (error: Error) => {
      if (settled) return;
      settled = true;
      zip.close();
      reject(error instanceof RosterFileError ? error : zipError(file.name, `it cannot be read (${error.message}).`));
    };
    zip.on('error', stop);
    zip.on('end', () => {
      if (settled) return;
      settled = true;
      resolve();
    });
    zip.on('entry', (entry: yauzl.Entry) => {
      const name = entry.fileName.replace(/\\/g, '/');
      if (name.startsWith('/') || /^[a-z]:/i.test(name) || name.split('/').includes('..')) {
        stop(zipError(file.name, `the entry "${entry.fileName}" points outside the zip.`));
        return;
      }
      if (isJunk(name)) {
        zip.readEntry();
        return;
      }
      if (inflated + entry.uncompressedSize > ROSTER_MAX_UPLOAD_BYTES) {
        stop(tooBig());
        return;
      }
      zip.openReadStream(entry, (err, stream) => {
        if (err) {
          stop(err);
          return;
        }
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => {
          inflated += chunk.length;
          if (inflated > ROSTER_MAX_UPLOAD_BYTES) {
            stream.destroy();
            stop(tooBig());
            return;
          }
          chunks.push(chunk);
        });
        stream.on('error', stop);
        stream.on('end', () => {
          if (settled) return;
          files.push(memoryFile(`${file.name}/${name}`, Buffer.concat(chunks)));
          zip.readEntry();
        });
      });
    });
    zip.readEntry();
  });
  if (files.length === 0) throw zipError(file.name, 'the zip is empty.');
  return files;
}

/** Replaces each zip among the uploaded files by its entries (one level deep; a zip inside a zip is refused). */
export async function expandZips(files: RosterInputFile[]): Promise<RosterInputFile[]> {
  const out: RosterInputFile[] = [];
  for (const file of files) {
    const head = await firstBytes(file);
    if (!isZip(file.name, head)) {
      out.push(file);
      continue;
    }
    for (const entry of await unzipFiles(file)) {
      const inner = await firstBytes(entry);
      if (isZip(baseName(entry.name), inner)) {
        throw zipError(file.name, `it holds another zip (${baseName(entry.name)}); unzip that one first.`);
      }
      out.push(entry);
    }
  }
  const total = out.reduce((sum, f) => sum + f.size, 0);
  if (total > ROSTER_MAX_UPLOAD_BYTES) {
    throw new RosterFileError(
      `The upload is larger than ${Math.round(ROSTER_MAX_UPLOAD_BYTES / (1024 * 1024))} MB.`,
      'file',
    );
  }
  return out;
}

async function firstBytes(file: RosterInputFile): Promise<Buffer> {
  const stream = file.read();
  try {
    for await (const chunk of stream) {
      return Buffer.isBuffer(chunk) ? chunk.subarray(0, 4) : Buffer.from(chunk as string).subarray(0, 4);
    }
    return Buffer.alloc(0);
  } finally {
    stream.destroy();
  }
}
