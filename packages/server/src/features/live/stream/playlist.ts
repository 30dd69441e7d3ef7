/**
 * The playlist viewers read is ours, not ffmpeg's: a streamer who reconnects gets a new ffmpeg
 * (a new recording starts with a new header), and the playlist must go on across them with a
 * discontinuity instead of starting over. The ingest keeps this state in the media store beside
 * the segments (state.json), so an ingest on another instance can take over (docs/live.md).
 */

export interface Segment {
  /** The file beside the playlist (`<run>-00012.m4s`). */
  uri: string;
  /** The run's initialization segment (`<run>-init.mp4`). */
  map: string;
  seconds: number;
  /** When its first frame reached the server, ISO 8601 (EXT-X-PROGRAM-DATE-TIME). */
  at: string;
  /** The first segment of a new run after another: EXT-X-DISCONTINUITY. */
  discontinuity: boolean;
}

export interface LiveState {
  /** The ffmpeg run writing now; any other run stops writing (a takeover, docs/live.md). */
  writer: string;
  /** Every run of the broadcast, in order (a saved story joins them). */
  runs: string[];
  /** The media sequence number of `window[0]`. */
  sequence: number;
  /** Discontinuity tags that have slid out of the window (EXT-X-DISCONTINUITY-SEQUENCE). */
  discontinuities: number;
  /** Never lowered: players read it once (HLS requires it not to change). */
  targetSeconds: number;
  window: Segment[];
  updatedAt: number;
  ended: boolean;
}

/** Segments listed in the playlist: about this many seconds of live edge. */
export const WINDOW = 8;

export const newState = (writer: string, now: number): LiveState => ({
  writer,
  runs: [writer],
  sequence: 0,
  discontinuities: 0,
  targetSeconds: 1,
  window: [],
  updatedAt: now,
  ended: false,
});

/** A run takes over the broadcast: its first segment will follow a discontinuity. */
export function takeOver(state: LiveState, writer: string, now: number): LiveState {
  return { ...state, writer, runs: [...state.runs, writer], updatedAt: now };
}

export function addSegment(
  state: LiveState,
  segment: Omit<Segment, 'discontinuity'>,
  now: number,
): LiveState {
  const last = state.window.at(-1);
  const discontinuity = last !== undefined && last.map !== segment.map;
  const window = [...state.window, { ...segment, discontinuity }];
  let { sequence, discontinuities } = state;
  while (window.length > WINDOW) {
    const gone = window.shift()!;
    sequence++;
    if (gone.discontinuity) discontinuities++;
  }
  const targetSeconds = Math.max(state.targetSeconds, Math.ceil(segment.seconds - 0.001));
  return { ...state, window, sequence, discontinuities, targetSeconds, updatedAt: now };
}

export function renderPlaylist(state: LiveState): string {
  const lines = [
    '#EXTM3U',
    '#EXT-X-VERSION:7',
    `#EXT-X-TARGETDURATION:${state.targetSeconds}`,
    `#EXT-X-MEDIA-SEQUENCE:${state.sequence}`,
    `#EXT-X-DISCONTINUITY-SEQUENCE:${state.discontinuities}`,
    '#EXT-X-INDEPENDENT-SEGMENTS',
  ];
  let map = '';
  for (const segment of state.window) {
    if (segment.discontinuity) lines.push('#EXT-X-DISCONTINUITY');
    if (segment.map !== map) lines.push(`#EXT-X-MAP:URI="${segment.map}"`);
    map = segment.map;
    lines.push(
      `#EXT-X-PROGRAM-DATE-TIME:${segment.at}`,
      `#EXTINF:${segment.seconds.toFixed(3)},`,
      segment.uri,
    );
  }
  if (state.ended) lines.push('#EXT-X-ENDLIST');
  return `${lines.join('\n')}\n`;
}

/** The finished segments ffmpeg's own playlist lists (file name and length), in order. */
export function parseFfmpegPlaylist(text: string): { uri: string; seconds: number }[] {
  const found: { uri: string; seconds: number }[] = [];
  let seconds: number | undefined;
  for (const line of text.split('\n').map((l) => l.trim())) {
    const extinf = /^#EXTINF:([\d.]+)/.exec(line);
    if (extinf) seconds = Number(extinf[1]);
    else if (line && !line.startsWith('#') && seconds !== undefined) {
      found.push({ uri: line, seconds });
      seconds = undefined;
    }
  }
  return found;
}
