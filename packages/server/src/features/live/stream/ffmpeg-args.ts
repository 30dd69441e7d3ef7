/**
 * What the streamer's browser may send (the first message of the ingest socket names it) and the
 * ffmpeg command that turns it into HLS with fMP4 (CMAF) segments of about a second.
 */

/** Chromium records WebM (VP8, VP9 or H.264, with Opus); Safari records MP4 (H.264, AAC). */
const MIME = /^video\/(webm|mp4|x-matroska)(;\s*codecs="?[a-z0-9.,\s]*"?)?$/i;

export function acceptedMime(mime: unknown): mime is string {
  return typeof mime === 'string' && mime.length <= 100 && MIME.test(mime.trim());
}

/** H.264 from the browser is copied as it is; anything else is encoded once, fast. */
export const copiesVideo = (mime: string) => /avc1|avc3|h264/i.test(mime);

/**
 * The longest side of a picture the server encodes itself (VP8/VP9 senders: Firefox, Chromium
 * without H.264). 640 keeps one encode at a fraction of a core on a small machine, so the live
 * edge keeps up under load (issue #35); H.264 senders keep their own size, copied.
 */
export const ENCODE_MAX_SIDE = 640;

/**
 * The command for one run. stdin is the recording as the browser makes it; the output folder
 * gets `<run>-init.mp4`, `<run>-NNNNN.m4s` and ffmpeg's own playlist (which only the ingest
 * reads: viewers get ours, stream/playlist.ts). `temp_file` renames each file when complete, so
 * a segment the playlist lists is whole.
 */
export function ingestArgs(o: { mime: string; folder: string; run: string; threads: number }): string[] {
  const container = /mp4/i.test(o.mime) ? 'mp4' : 'matroska';
  // biome-ignore format: option and value pairs read best side by side
  const video = copiesVideo(o.mime)
    ? ['-c:v', 'copy']
    : [
        // The fastest x264 settings: no lookahead, no B-frames, one thread per broadcast (many
        // broadcasts share the cores better than one takes them all; docs/live.md).
        '-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-profile:v', 'baseline',
        '-crf', '26', '-maxrate', '1200k', '-bufsize', '1200k', '-pix_fmt', 'yuv420p',
        // A keyframe every second whatever the frame rate: each segment starts with one.
        '-force_key_frames', 'expr:gte(t,n_forced*1)', '-sc_threshold', '0',
        '-vf', scaleDown(ENCODE_MAX_SIDE),
        '-threads', String(o.threads),
      ];
  // biome-ignore format: option and value pairs read best side by side
  return [
    '-hide_banner', '-loglevel', 'error', '-nostdin',
    // Start on what has arrived: the browser's header and first chunk say what is in the stream.
    '-probesize', '64k', '-analyzeduration', '500000',
    '-f', container, '-i', 'pipe:0',
    '-map', '0:v:0', '-map', '0:a:0?',
    ...video,
    '-c:a', 'aac', '-b:a', '96k', '-ac', '2', '-ar', '48000',
    '-f', 'hls', '-hls_time', '1', '-hls_list_size', '10', '-hls_segment_type', 'fmp4',
    '-hls_flags', 'independent_segments+temp_file',
    '-hls_fmp4_init_filename', `${o.run}-init.mp4`,
    '-hls_segment_filename', `${o.folder}/${o.run}-%05d.m4s`,
    `${o.folder}/ffmpeg.m3u8`,
  ];
}

/** Fits the picture's longest side in `max` (never enlarges; even sides, as encoders want). */
function scaleDown(max: number): string {
  return `scale='if(gte(iw,ih),min(${max},iw),-2)':'if(gte(iw,ih),-2,min(${max},ih))'`;
}
