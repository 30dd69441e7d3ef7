import fs from 'node:fs/promises';

/**
 * The check of a finished transcode, read from the MP4's own header instead of a third ffprobe
 * process (tools/bench/README.md, "Session 14, perf-stories": ffprobe of the output 450-583 ms,
 * this read 2.7-5.7 ms, medians at load 9-10; the job's CPU gap to bare ffmpeg fell with it and
 * the carried probe from 0.34 to 0.13 s and 0.63 to 0.40 s). It reads what the output must be
 * (transcode.ts: `+faststart`, so the movie box comes before the media data): the first video and
 * audio tracks' codecs, the picture's coded size and the movie's length.
 */
export interface Mp4Header {
  /** 'h264' for an avc1/avc3 sample entry, else the entry's four letters. */
  videoCodec?: string;
  /** 'aac' for an mp4a entry whose decoder config names AAC, else what it names. */
  audioCodec?: string;
  width: number;
  height: number;
  seconds: number;
}

/** A movie box past this is not one of our outputs (a 10-minute video's is well under 1 MB). */
const MAX_MOOV = 16 * 1024 * 1024;

interface Box {
  type: string;
  /** Where the box's content starts and ends in the buffer. */
  start: number;
  end: number;
}

function* boxesIn(buf: Buffer, from: number, to: number): Generator<Box> {
  let at = from;
  while (at + 8 <= to) {
    let size = buf.readUInt32BE(at);
    let header = 8;
    if (size === 1) {
      if (at + 16 > to) return;
      size = Number(buf.readBigUInt64BE(at + 8));
      header = 16;
    } else if (size === 0) size = to - at;
    if (size < header || at + size > to) return;
    yield { type: buf.toString('latin1', at + 4, at + 8), start: at + header, end: at + size };
    at += size;
  }
}

const childOf = (buf: Buffer, box: Box | undefined, type: string) =>
  box && [...boxesIn(buf, box.start, box.end)].find((b) => b.type === type);

/** The object type of an esds box's decoder config (ISO 14496-1 descriptors). */
function objectType(buf: Buffer, esds: Box): number | undefined {
  let at = esds.start + 4;
  const descriptor = (tag: number) => {
    if (at >= esds.end || buf[at] !== tag) return false;
    at++;
    for (let i = 0; i < 4 && at < esds.end; i++) if (!(buf[at++] & 0x80)) break;
    return true;
  };
  if (!descriptor(0x03) || at + 3 > esds.end) return undefined;
  const flags = buf[at + 2];
  at += 3;
  if (flags & 0x80) at += 2;
  if (flags & 0x40 && at < esds.end) at += 1 + buf[at];
  if (flags & 0x20) at += 2;
  return descriptor(0x04) && at < esds.end ? buf[at] : undefined;
}

const AAC_OBJECT_TYPES = new Set([0x40, 0x66, 0x67, 0x68]);

function describe(moov: Buffer): Mp4Header | undefined {
  const root = { type: 'moov', start: 0, end: moov.length };
  const mvhd = childOf(moov, root, 'mvhd');
  if (!mvhd || mvhd.end - mvhd.start < 32) return undefined;
  const v1 = moov[mvhd.start] === 1;
  const timescale = moov.readUInt32BE(mvhd.start + (v1 ? 20 : 12));
  const duration = v1 ? Number(moov.readBigUInt64BE(mvhd.start + 24)) : moov.readUInt32BE(mvhd.start + 16);
  const header: Mp4Header = { width: 0, height: 0, seconds: timescale ? duration / timescale : 0 };
  for (const trak of boxesIn(moov, 0, moov.length)) {
    if (trak.type !== 'trak') continue;
    const mdia = childOf(moov, trak, 'mdia');
    const hdlr = childOf(moov, mdia, 'hdlr');
    const stsd = childOf(moov, childOf(moov, childOf(moov, mdia, 'minf'), 'stbl'), 'stsd');
    if (!hdlr || !stsd || hdlr.end - hdlr.start < 12) continue;
    const handler = moov.toString('latin1', hdlr.start + 8, hdlr.start + 12);
    const entry = boxesIn(moov, stsd.start + 8, stsd.end).next().value;
    if (!entry) continue;
    if (handler === 'vide' && header.videoCodec === undefined && entry.end - entry.start >= 28) {
      header.videoCodec = entry.type === 'avc1' || entry.type === 'avc3' ? 'h264' : entry.type;
      header.width = moov.readUInt16BE(entry.start + 24);
      header.height = moov.readUInt16BE(entry.start + 26);
    } else if (handler === 'soun' && header.audioCodec === undefined) {
      const esds =
        entry.type === 'mp4a' ? childOf(moov, { ...entry, start: entry.start + 28 }, 'esds') : undefined;
      const type = esds && objectType(moov, esds);
      header.audioCodec = type !== undefined && AAC_OBJECT_TYPES.has(type) ? 'aac' : entry.type;
    }
  }
  return header;
}

/** The header of a faststart MP4, or undefined when the file has none before its media data. */
export async function readMp4Header(file: string): Promise<Mp4Header | undefined> {
  const handle = await fs.open(file, 'r');
  try {
    const head = Buffer.alloc(16);
    let at = 0;
    for (;;) {
      const { bytesRead } = await handle.read(head, 0, 16, at);
      if (bytesRead < 8) return undefined;
      let size = head.readUInt32BE(0);
      let skip = 8;
      if (size === 1 && bytesRead === 16) {
        size = Number(head.readBigUInt64BE(8));
        skip = 16;
      }
      const type = head.toString('latin1', 4, 8);
      if (type === 'mdat' || size < skip) return undefined;
      if (type === 'moov') {
        if (size > MAX_MOOV) return undefined;
        const moov = Buffer.alloc(size - skip);
        const read = await handle.read(moov, 0, moov.length, at + skip);
        return read.bytesRead === moov.length ? describe(moov) : undefined;
      }
      at += size;
    }
  } finally {
    await handle.close();
  }
}
