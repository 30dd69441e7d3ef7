import { invalid } from '../../http/errors';
import { run } from './tools';

/** Source limits: past them a file is refused before any transcoding. */
export const SOURCE_LIMITS = {
  /** Ten minutes: a story keeps its first MAX_SECONDS; a longer file is refused, not cut. */
  maxSeconds: 600,
  /** 4K phone video (3840 x 2160, either way up) fits; absurd resolutions do not. */
  maxSide: 4096,
  maxPixels: 3840 * 2160,
  probeTimeoutMs: 15_000,
} as const;

export type VideoContainer = 'mp4' | 'webm';

const startsWith = (data: Uint8Array, bytes: number[], at = 0) =>
  data.length >= at + bytes.length && bytes.every((b, i) => data[at + i] === b);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/**
 * The container from the file's first bytes (names and declared types are never trusted):
 * ISO media (MP4, MOV, 3GP: a box type at offset 4) or Matroska/WebM (EBML magic).
 */
export function sniffVideo(head: Uint8Array): VideoContainer | undefined {
  if (startsWith(head, [0x1a, 0x45, 0xdf, 0xa3])) return 'webm';
  for (const box of ['ftyp', 'moov', 'mdat', 'wide', 'free', 'skip']) {
    if (startsWith(head, ascii(box), 4)) return 'mp4';
  }
  return undefined;
}

export interface ProbedVideo {
  container: VideoContainer;
  /** 0 when the file does not say (recorded WebM). */
  seconds: number;
  width: number;
  height: number;
  hasAudio: boolean;
}

interface FfprobeStream {
  codec_type?: string;
  width?: number;
  height?: number;
  duration?: string;
}
interface FfprobeOutput {
  streams?: FfprobeStream[];
  format?: { format_name?: string; duration?: string };
}

/**
 * Checks a staged upload: a video container by its bytes, readable by ffprobe, with a video
 * stream of sane size and a duration within SOURCE_LIMITS. Throws a 400 naming the problem.
 */
export async function probeVideo(
  ffprobe: string,
  file: string,
  head: Uint8Array,
  limits: { maxSeconds: number } = SOURCE_LIMITS,
): Promise<ProbedVideo> {
  const container = sniffVideo(head);
  if (!container) throw invalid('video', 'video.type');
  const result = await run(
    ffprobe,
    ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file],
    { timeoutMs: SOURCE_LIMITS.probeTimeoutMs },
  );
  let info: FfprobeOutput;
  try {
    if (result.code !== 0) throw new Error('ffprobe failed');
    info = JSON.parse(result.stdout) as FfprobeOutput;
  } catch {
    throw invalid('video', 'video.unreadable');
  }
  const format = info.format?.format_name ?? '';
  if (!/mov|mp4|matroska|webm/.test(format)) throw invalid('video', 'video.type');
  const video = info.streams?.find((s) => s.codec_type === 'video' && s.width && s.height);
  if (!video) throw invalid('video', 'video.unreadable');
  const width = video.width ?? 0;
  const height = video.height ?? 0;
  if (
    width > SOURCE_LIMITS.maxSide ||
    height > SOURCE_LIMITS.maxSide ||
    width * height > SOURCE_LIMITS.maxPixels
  ) {
    throw invalid('video', 'video.dimensions', { maxSide: String(SOURCE_LIMITS.maxSide) });
  }
  // A browser's MediaRecorder writes WebM without a duration: unknown (0) is fine, because the
  // transcode reads at most the story's length whatever the file claims.
  const stated = Number(info.format?.duration ?? video.duration ?? Number.NaN);
  const seconds = Number.isFinite(stated) && stated > 0 ? stated : 0;
  if (seconds === 0 && container !== 'webm') throw invalid('video', 'video.unreadable');
  if (seconds > limits.maxSeconds) {
    throw invalid('video', 'video.tooLong', { minutes: String(Math.round(limits.maxSeconds / 60)) });
  }
  return {
    container,
    seconds,
    width,
    height,
    hasAudio: !!info.streams?.some((s) => s.codec_type === 'audio'),
  };
}

/**
 * A probe carried with a job (video_jobs.probe, written by the stage) read back; undefined for a
 * missing or malformed one, and the job probes the file itself (media/video/pipeline.ts).
 */
export function parseProbed(json: string | null | undefined): ProbedVideo | undefined {
  if (!json) return undefined;
  try {
    const p = JSON.parse(json) as Partial<ProbedVideo>;
    const finite = (n: unknown) => typeof n === 'number' && Number.isFinite(n) && n >= 0;
    if (p.container !== 'mp4' && p.container !== 'webm') return undefined;
    if (!finite(p.seconds) || !finite(p.width) || !finite(p.height) || typeof p.hasAudio !== 'boolean') {
      return undefined;
    }
    const { container, seconds, width, height, hasAudio } = p as ProbedVideo;
    return { container, seconds, width, height, hasAudio };
  } catch {
    return undefined;
  }
}
