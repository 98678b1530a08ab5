import { open } from 'node:fs/promises';
import type { VideoContentType } from '@banksia/contracts/videos';
import { createFile, MP4BoxBuffer, type Movie } from 'mp4box';
import { parseBuffer } from 'music-metadata';

/**
 * How long a video lasts, in seconds, read by the server from the uploaded file's container rather than taken from
 * the browser: an MP4's movie header (`mvhd`, or `mehd` of a fragmented file) through `mp4box` (GPAC's MP4Box.js),
 * a WebM's segment information (`Duration` × `TimecodeScale`) through `music-metadata`. Only the boxes and elements
 * before the media data are read, never the whole file, through a {@link VideoReader}: a file on disk, or an object
 * in S3 read with ranged GETs. Null when the container cannot be read or states no length; a failed read (the disk,
 * the network) is an error, not a null, so a file is never refused because S3 did not answer once.
 */
export interface VideoReader {
  /** The file's size in bytes. */
  readonly size: number;
  /** Up to `length` bytes from `offset` (fewer only at the end of the file). */
  read(offset: number, length: number): Promise<Uint8Array>;
}

/** Reads a file on disk; close it when done. */
export async function fileVideoReader(filePath: string): Promise<VideoReader & { close(): Promise<void> }> {
  const file = await open(filePath, 'r');
  const { size } = await file.stat();
  return {
    size,
    async read(offset, length) {
      const buffer = new Uint8Array(Math.max(0, Math.min(length, size - offset)));
      const { bytesRead } = await file.read(buffer, 0, buffer.length, offset);
      return buffer.subarray(0, bytesRead);
    },
    close: () => file.close(),
  };
}

/** The duration of a video file on disk (see {@link readVideoDurationFrom}). */
export async function readVideoDuration(filePath: string, contentType: VideoContentType): Promise<number | null> {
  const reader = await fileVideoReader(filePath);
  try {
    return await readVideoDurationFrom(reader, contentType);
  } finally {
    await reader.close();
  }
}

/** The duration of a video, in seconds, read from its container through `reader`; null when it states none. */
export async function readVideoDurationFrom(
  reader: VideoReader,
  contentType: VideoContentType,
): Promise<number | null> {
  const seconds = contentType === 'video/mp4' ? await mp4Duration(reader) : await webmDuration(reader);
  return seconds !== null && Number.isFinite(seconds) && seconds > 0 ? seconds : null;
}

/** A read of the file failed (as opposed to its bytes not being a video): passed on to the caller. */
class ReadFailed extends Error {}

async function readOrFail(reader: VideoReader, offset: number, length: number): Promise<Uint8Array> {
  try {
    return await reader.read(offset, length);
  } catch (err) {
    throw new ReadFailed('could not read the video file', { cause: err });
  }
}

/** Bytes read at a time while looking for the MP4's `moov` box. */
const MP4_READ_BYTES = 1 << 20;
/** Reads of an MP4 before giving up: the `moov` box is near the start, or at the end after one `mdat` box. */
const MP4_MAX_READS = 64;

async function mp4Duration(reader: VideoReader): Promise<number | null> {
  const { size } = reader;
  try {
    const mp4 = createFile();
    let movie: Movie | null = null;
    let failed = false;
    mp4.onReady = (info) => {
      movie = info;
    };
    mp4.onError = () => {
      failed = true;
    };
    // mp4box answers where it needs to read next: past an `mdat` box it skips the media data to the next box.
    let offset = 0;
    for (let reads = 0; reads < MP4_MAX_READS && !movie && !failed && offset < size; reads++) {
      const bytes = await readOrFail(reader, offset, Math.min(MP4_READ_BYTES, size - offset));
      if (bytes.length === 0) break;
      // A copy of its own: mp4box keeps the ArrayBuffer it is given.
      const chunk = bytes.slice().buffer;
      const next = mp4.appendBuffer(MP4BoxBuffer.fromArrayBuffer(chunk, offset));
      offset = typeof next === 'number' && next > offset ? next : offset + bytes.length;
    }
    if (!movie) mp4.flush();
    const found = movie as Movie | null;
    if (!found) return null;
    if (found.duration && found.timescale) return found.duration / found.timescale;
    // A fragmented MP4 may state its length only in the movie extends header.
    const fragments = found.fragment_duration;
    return fragments && fragments.den ? fragments.num / fragments.den : null;
  } catch (err) {
    if (err instanceof ReadFailed) throw err.cause;
    return null;
  }
}

/**
 * Bytes of a WebM read for its segment information: the Info element comes before the clusters (media), a few KB
 * into files from encoders and editors; 4 MiB leaves room for a large SeekHead, Void or Tracks before it.
 */
const WEBM_HEAD_BYTES = 4 << 20;

async function webmDuration(reader: VideoReader): Promise<number | null> {
  const head = await reader.read(0, Math.min(WEBM_HEAD_BYTES, reader.size));
  // The parser reads on past the Info (tracks, then clusters it skips) and may stumble where the head is cut off:
  // what it found before that stands, so the container and duration are taken as they are seen.
  let container: string | undefined;
  let duration: number | undefined;
  try {
    const { format } = await parseBuffer(
      head,
      { mimeType: 'video/webm', size: head.length },
      {
        duration: false,
        skipCovers: true,
        skipPostHeaders: true,
        observer: ({ tag }) => {
          if (tag.type !== 'format') return;
          if (tag.id === 'container') container = String(tag.value);
          if (tag.id === 'duration') duration = Number(tag.value);
        },
      },
    );
    container = format.container ?? container;
    duration = format.duration ?? duration;
  } catch {
    // Whatever was seen before the error stands; nothing seen is a file that is not a WebM.
  }
  if (!container?.toLowerCase().includes('webm')) return null;
  return duration ?? null;
}
