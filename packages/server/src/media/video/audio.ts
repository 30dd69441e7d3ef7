import { invalid } from '../../http/errors';
import { run } from './tools';

/**
 * Audio through the media pipeline (profile songs, docs/profile-media.md): an upload is sniffed by
 * its bytes and probed by ffprobe on the request; the job transcodes it to AAC in an MP4 (M4A)
 * file, which every browser's <audio> plays.
 */
export type AudioContainer = 'mp3' | 'aac' | 'mp4' | 'ogg' | 'wav' | 'flac' | 'webm';

export const AUDIO_OUTPUT = { kbps: 128, sampleRate: 44100 } as const;
const PROBE_TIMEOUT_MS = 15_000;

const startsWith = (data: Uint8Array, bytes: number[], at = 0) =>
  data.length >= at + bytes.length && bytes.every((b, i) => data[at + i] === b);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** The container from the file's first bytes; names and declared types are never trusted. */
export function sniffAudio(head: Uint8Array): AudioContainer | undefined {
  if (startsWith(head, ascii('ID3'))) return 'mp3';
  if (startsWith(head, ascii('OggS'))) return 'ogg';
  if (startsWith(head, ascii('fLaC'))) return 'flac';
  if (startsWith(head, ascii('RIFF')) && startsWith(head, ascii('WAVE'), 8)) return 'wav';
  if (startsWith(head, [0x1a, 0x45, 0xdf, 0xa3])) return 'webm';
  if (startsWith(head, ascii('ftyp'), 4)) return 'mp4';
  // Frame sync (11 bits set): ADTS AAC has layer bits 00, MPEG audio (MP3) does not.
  if (head.length >= 2 && head[0] === 0xff && (head[1] & 0xe0) === 0xe0)
    return (head[1] & 0x06) === 0 ? 'aac' : 'mp3';
  return undefined;
}

export interface ProbedAudio {
  container: AudioContainer;
  seconds: number;
}

/**
 * Checks a staged song: an audio container by its bytes, readable by ffprobe, with a sound
 * stream, a known duration within `maxSeconds`. Throws a 400 on `field` naming the problem.
 */
export async function probeAudio(
  ffprobe: string,
  file: string,
  head: Uint8Array,
  maxSeconds: number,
  field = 'song',
): Promise<ProbedAudio> {
  const container = sniffAudio(head);
  if (!container) throw invalid(field, 'song.type');
  const result = await run(
    ffprobe,
    ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file],
    { timeoutMs: PROBE_TIMEOUT_MS },
  );
  let info: { streams?: { codec_type?: string }[]; format?: { duration?: string } };
  try {
    if (result.code !== 0) throw new Error('ffprobe failed');
    info = JSON.parse(result.stdout);
  } catch {
    throw invalid(field, 'song.unreadable');
  }
  if (!info.streams?.some((s) => s.codec_type === 'audio')) throw invalid(field, 'song.unreadable');
  const seconds = Number(info.format?.duration ?? Number.NaN);
  if (!Number.isFinite(seconds) || seconds <= 0) throw invalid(field, 'song.unreadable');
  if (seconds > maxSeconds) {
    throw invalid(field, 'song.tooLong', { minutes: String(Math.round(maxSeconds / 60)) });
  }
  return { container, seconds };
}

/**
 * The song's transcode: the first audio stream only (cover art and video dropped), AAC stereo at
 * 128 kb/s, at most `maxSeconds`, index first so playback starts before the whole file arrives.
 */
export function audioTranscodeArgs(
  input: string,
  output: string,
  o: { maxSeconds: number; threads: number },
) {
  // biome-ignore format: option and value pairs read best side by side
  return [
    '-hide_banner', '-nostdin', '-y',
    '-t', String(o.maxSeconds),
    '-i', input,
    '-map', '0:a:0', '-vn',
    '-c:a', 'aac', '-b:a', `${AUDIO_OUTPUT.kbps}k`, '-ac', '2', '-ar', String(AUDIO_OUTPUT.sampleRate),
    '-threads', String(o.threads),
    '-movflags', '+faststart', '-map_metadata', '-1',
    '-f', 'mp4', output,
  ];
}
