// Small but real video containers for tests: a WebM (EBML) and an MP4 (ISO BMFF) whose headers state a duration,
// padded to any size. They carry no frames: the server reads only the container's header.

/** An EBML element: its id bytes, an 8-byte size, the data. */
function ebml(id: number[], data: Buffer): Buffer {
  const size = Buffer.alloc(8);
  size.writeBigUInt64BE(BigInt(data.length));
  size[0] = 0x01; // an 8-byte vint (the length marker in the first byte; sizes here are far below 2^56)
  return Buffer.concat([Buffer.from(id), size, data]);
}
const uint = (n: number, bytes = 4) => {
  const b = Buffer.alloc(bytes);
  b.writeUIntBE(n, 0, bytes);
  return b;
};

/**
 * A WebM of exactly `size` bytes (at least 120) whose segment info says it lasts `seconds`; the rest is an EBML Void
 * element. With `seconds` null the Info has no Duration (a live recording's file).
 */
export function webmFile(size: number, seconds: number | null = 61.4): Buffer {
  const header = ebml(
    [0x1a, 0x45, 0xdf, 0xa3],
    Buffer.concat([
      ebml([0x42, 0x86], uint(1, 1)), // EBMLVersion
      ebml([0x42, 0xf7], uint(1, 1)), // EBMLReadVersion
      ebml([0x42, 0xf2], uint(4, 1)), // EBMLMaxIDLength
      ebml([0x42, 0xf3], uint(8, 1)), // EBMLMaxSizeLength
      ebml([0x42, 0x82], Buffer.from('webm')), // DocType
      ebml([0x42, 0x87], uint(2, 1)), // DocTypeVersion
      ebml([0x42, 0x85], uint(2, 1)), // DocTypeReadVersion
    ]),
  );
  const duration = Buffer.alloc(8);
  if (seconds !== null) duration.writeDoubleBE(seconds * 1000);
  const info = ebml(
    [0x15, 0x49, 0xa9, 0x66],
    Buffer.concat([
      ebml([0x2a, 0xd7, 0xb1], uint(1_000_000)), // TimecodeScale: 1 ms
      ...(seconds !== null ? [ebml([0x44, 0x89], duration)] : []),
    ]),
  );
  // Segment = Info + Void padding; the Void's own header is 1 (id) + 8 (size) bytes.
  const segmentHeader = 4 + 8;
  const padding = size - header.length - segmentHeader - info.length - 9;
  if (padding < 0) throw new Error(`A WebM needs at least ${size - padding} bytes.`);
  const file = Buffer.concat([
    header,
    ebml([0x18, 0x53, 0x80, 0x67], Buffer.concat([info, ebml([0xec], Buffer.alloc(padding, 7))])),
  ]);
  return file;
}

function box(type: string, data: Buffer): Buffer {
  return Buffer.concat([uint(8 + data.length), Buffer.from(type, 'latin1'), data]);
}

/** An MP4 of exactly `size` bytes (at least 140) whose movie header (`mvhd`) says it lasts `seconds`. */
export function mp4File(size: number, seconds = 61.4): Buffer {
  const ftyp = box('ftyp', Buffer.concat([Buffer.from('isom', 'latin1'), uint(0x200), Buffer.from('isommp41')]));
  const timescale = 1000;
  const mvhd = box(
    'mvhd',
    Buffer.concat([
      uint(0), // version 0, flags
      uint(0), // creation time
      uint(0), // modification time
      uint(timescale),
      uint(Math.round(seconds * timescale)),
      uint(0x00010000), // rate 1.0
      uint(0x0100, 2), // volume 1.0
      Buffer.alloc(10), // reserved
      Buffer.concat([uint(0x00010000), uint(0), uint(0), uint(0), uint(0x00010000), uint(0), uint(0), uint(0)]),
      uint(0x40000000), // the unity matrix's last entry
      Buffer.alloc(24), // pre-defined
      uint(2), // next track id
    ]),
  );
  const moov = box('moov', mvhd);
  const padding = size - ftyp.length - moov.length - 8;
  if (padding < 0) throw new Error(`An MP4 needs at least ${size - padding} bytes.`);
  return Buffer.concat([ftyp, moov, box('free', Buffer.alloc(padding, 3))]);
}
