import type { ProbedVideo } from './probe';
import { run } from './tools';

/** Playback everywhere: H.264 (yuv420p) and AAC in MP4, moov first, at most 720p. */
export const OUTPUT = { longSide: 1280, shortSide: 720, crf: 23, audioKbps: 96 } as const;

/**
 * Fits the picture in 1280x720 (landscape) or 720x1280 (portrait), never enlarged, even sides
 * (H.264 in 4:2:0 needs them). ffmpeg applies a phone's rotation flag before this filter.
 */
export const SCALE_FILTER =
  "scale=w='if(gte(iw,ih),min(1280,iw),min(720,iw))':h='if(gte(iw,ih),min(720,ih),min(1280,ih))'" +
  ':force_original_aspect_ratio=decrease:force_divisible_by=2,format=yuv420p';

/**
 * The transcode command. Reads at most `maxSeconds` of the input; a source without sound gets a
 * silent AAC track, so every output has the same two streams. `-threads` keeps one job from
 * taking every core: the queue's concurrency bounds how many run (media/video/queue.ts).
 */
export function transcodeArgs(
  input: string,
  output: string,
  source: ProbedVideo,
  o: { maxSeconds: number; threads: number; start?: number },
) {
  const seconds = String(o.maxSeconds);
  const args = [
    '-hide_banner',
    '-nostdin',
    '-y',
    '-ss',
    (o.start ?? 0).toFixed(3),
    '-t',
    seconds,
    '-i',
    input,
  ];
  if (!source.hasAudio) args.push('-f', 'lavfi', '-t', seconds, '-i', 'anullsrc=r=44100:cl=stereo');
  // biome-ignore format: option and value pairs read best side by side
  args.push(
    '-map', '0:v:0', '-map', source.hasAudio ? '0:a:0' : '1:a:0',
    '-vf', SCALE_FILTER,
    '-c:v', 'libx264', '-preset', 'veryfast', '-crf', String(OUTPUT.crf), '-profile:v', 'main',
    '-c:a', 'aac', '-b:a', `${OUTPUT.audioKbps}k`, '-ac', '2', '-ar', '44100',
    '-threads', String(o.threads),
    '-shortest', '-movflags', '+faststart', '-map_metadata', '-1',
    '-progress', 'pipe:1', '-nostats',
    '-f', 'mp4', output,
  );
  return args;
}

/**
 * Runs the transcode, reporting 0..1 as ffmpeg's progress lines come (out_time_us against the
 * expected length). Throws when ffmpeg fails or runs past `timeoutMs`.
 */
export async function transcode(
  ffmpeg: string,
  input: string,
  output: string,
  source: ProbedVideo,
  options: {
    maxSeconds: number;
    threads: number;
    start?: number;
    timeoutMs: number;
    onProgress?: (fraction: number) => void;
    signal?: AbortSignal;
  },
): Promise<void> {
  const left = source.seconds ? Math.max(0.1, source.seconds - (options.start ?? 0)) : options.maxSeconds;
  const expected = Math.min(left, options.maxSeconds);
  const result = await run(ffmpeg, transcodeArgs(input, output, source, options), {
    timeoutMs: options.timeoutMs,
    signal: options.signal,
    onLine(line) {
      const match = /^out_time_us=(\d+)/.exec(line);
      if (match && options.onProgress) options.onProgress(Math.min(1, Number(match[1]) / 1e6 / expected));
    },
  });
  if (result.code !== 0) {
    throw new Error(result.timedOut ? 'transcode timed out' : `ffmpeg failed: ${result.stderr.slice(-300)}`);
  }
}

/** One JPEG frame for the poster: a second in (past a black first frame), or the middle of a short clip. */
export async function posterFrame(ffmpeg: string, video: string, output: string, seconds: number) {
  const at = Math.min(1, seconds / 2).toFixed(2);
  const result = await run(
    ffmpeg,
    [
      '-hide_banner',
      '-nostdin',
      '-y',
      '-ss',
      at,
      '-i',
      video,
      '-frames:v',
      '1',
      '-q:v',
      '3',
      '-f',
      'image2',
      output,
    ],
    { timeoutMs: 30_000 },
  );
  if (result.code !== 0) throw new Error(`poster failed: ${result.stderr.slice(-300)}`);
}

/** What the output holds, by ffprobe: the checks tests and the pipeline make on a finished file. */
export async function describeOutput(ffprobe: string, file: string) {
  const result = await run(
    ffprobe,
    ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file],
    { timeoutMs: 15_000 },
  );
  if (result.code !== 0) throw new Error('output unreadable');
  const info = JSON.parse(result.stdout) as {
    streams: { codec_type: string; codec_name: string; width?: number; height?: number }[];
    format: { duration: string; format_name: string };
  };
  const video = info.streams.find((s) => s.codec_type === 'video');
  const audio = info.streams.find((s) => s.codec_type === 'audio');
  return {
    videoCodec: video?.codec_name,
    audioCodec: audio?.codec_name,
    width: video?.width ?? 0,
    height: video?.height ?? 0,
    seconds: Number(info.format.duration),
    format: info.format.format_name,
  };
}
