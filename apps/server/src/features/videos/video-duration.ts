import { open } from 'node:fs/promises';
import type { VideoContentType } from '@banksia/contracts/videos';
import { createFile, MP4BoxBuffer, type Movie } from 'mp4box';
import { parseFile } from 'music-metadata';

/**
 * How long a video lasts, in seconds, read by the server from the uploaded file's container rather than taken from
 * the browser: an MP4's movie header (`mvhd`, or `mehd` of a fragmented file) through `mp4box` (GPAC's MP4Box.js),
 * a WebM's segment information (`Duration` × `TimecodeScale`) through `music-metadata`. Only the boxes and elements
 * before the media data are read, never the whole file. Null when the container cannot be read or states no length.
 */
export async function readVideoDuration(filePath: string, contentType: VideoContentType): Promise<number | null> {
  const seconds = contentType === 'video/mp4' ? await mp4Duration(filePath) : await webmDuration(filePath);
  return seconds !== null && Number.isFinite(seconds) && seconds > 0 ? seconds : null;
}

/** Bytes read at a time while looking for the MP4's `moov` box. */
const MP4_READ_BYTES = 1 << 20;
/** Reads of an MP4 before giving up: the `moov` box is near the start, or at the end after one `mdat` box. */
const MP4_MAX_READS = 64;

async function mp4Duration(filePath: string): Promise<number | null> {
  const file = await open(filePath, 'r');
  try {
    const { size } = await file.stat();
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
      const length = Math.min(MP4_READ_BYTES, size - offset);
      const chunk = new ArrayBuffer(length);
      const { bytesRead } = await file.read(new Uint8Array(chunk), 0, length, offset);
      if (bytesRead === 0) break;
      const next = mp4.appendBuffer(MP4BoxBuffer.fromArrayBuffer(chunk.slice(0, bytesRead), offset));
      offset = typeof next === 'number' && next > offset ? next : offset + bytesRead;
    }
    if (!movie) mp4.flush();
    const found = movie as Movie | null;
    if (!found) return null;
    if (found.duration && found.timescale) return found.duration / found.timescale;
    // A fragmented MP4 may state its length only in the movie extends header.
    const fragments = found.fragment_duration;
    return fragments && fragments.den ? fragments.num / fragments.den : null;
  } catch {
    return null;
  } finally {
    await file.close();
  }
}

async function webmDuration(filePath: string): Promise<number | null> {
  try {
    const { format } = await parseFile(filePath, { duration: false, skipCovers: true, skipPostHeaders: true });
    if (!format.container?.toLowerCase().includes('webm')) return null;
    return format.duration ?? null;
  } catch {
    return null;
  }
}
