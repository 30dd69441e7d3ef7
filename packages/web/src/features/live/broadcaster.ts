import { type IngestStatus, LiveIngest } from '../../api/liveIngest';

/**
 * Recording what the studio shows and sending it (docs/live.md). The recorder reads a canvas the
 * preview is drawn into, not the camera itself: a MediaRecorder stops when its stream's tracks
 * change, and switching cameras replaces the video track. The canvas's stream never changes, so
 * the broadcast goes on through a switch. Audio is the microphone's track (muting disables it).
 */

/** How often the recorder hands over a chunk: short enough for a few seconds' delay end to end. */
export const CHUNK_MS = 300;
const FPS = 30;
const MAX_WIDTH = 1280;
const MAX_HEIGHT = 720;

/**
 * What this browser records, best first. H.264 (in WebM, or in MP4 where Chromium records MP4)
 * lets the server copy the video instead of encoding it, which keeps the live edge close on a
 * busy server (issue #35); Debian's Chromium records H.264 through OpenH264. VP8/VP9 are what
 * Firefox and a Chromium without H.264 record (the server encodes those); MP4 is Safari's.
 */
const TYPES = [
  'video/webm;codecs=h264,opus',
  'video/mp4;codecs=avc1.42E01E,mp4a.40.2',
  'video/mp4;codecs=avc1.42E01E,opus',
  'video/webm;codecs=vp8,opus',
  'video/webm;codecs=vp9,opus',
  'video/webm',
  'video/mp4',
];

export function recordingType(
  isSupported: (type: string) => boolean = (t) => MediaRecorder.isTypeSupported(t),
): string | undefined {
  return TYPES.find((t) => isSupported(t));
}

/** The size the canvas records at: the camera's own, scaled down to fit 1280x720 keeping its shape. */
export function recordingSize(width: number, height: number): { width: number; height: number } {
  if (!width || !height) return { width: 640, height: 480 };
  const scale = Math.min(1, MAX_WIDTH / Math.max(width, height), MAX_HEIGHT / Math.min(width, height));
  // Encoders want even dimensions.
  const even = (n: number) => Math.max(2, Math.round((n * scale) / 2) * 2);
  return { width: even(width), height: even(height) };
}

export interface Broadcaster {
  stop(): void;
}

/** Starts recording `preview` (and the stream's microphone) into the broadcast's ingest socket. */
export function startBroadcaster(
  broadcastId: string,
  preview: HTMLVideoElement,
  stream: MediaStream,
  onStatus: (status: IngestStatus) => void,
): Broadcaster {
  const mimeType = recordingType();
  if (!mimeType) throw new Error('MediaRecorder cannot record video here');
  const canvas = document.createElement('canvas');
  const size = recordingSize(preview.videoWidth, preview.videoHeight);
  canvas.width = size.width;
  canvas.height = size.height;
  const context = canvas.getContext('2d');
  // Letterboxed: a camera switched to another shape keeps its proportions in the same frame.
  const draw = () => {
    const { videoWidth: w, videoHeight: h } = preview;
    if (!context || !w || !h) return;
    const scale = Math.min(canvas.width / w, canvas.height / h);
    const dw = w * scale;
    const dh = h * scale;
    context.fillStyle = '#000';
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.drawImage(preview, (canvas.width - dw) / 2, (canvas.height - dh) / 2, dw, dh);
  };
  draw();
  const painter = setInterval(draw, 1000 / FPS);
  const video = canvas.captureStream(FPS);
  const recorded = new MediaStream([...video.getVideoTracks(), ...stream.getAudioTracks()]);

  // One recorder per ingest socket: each socket is a new ffmpeg run that needs the recording's start.
  let recorder: MediaRecorder | undefined;
  const stopRecorder = () => {
    if (recorder && recorder.state !== 'inactive') {
      recorder.ondataavailable = null;
      recorder.stop();
    }
    recorder = undefined;
  };
  const ingest = new LiveIngest({
    broadcastId,
    mimeType,
    onStatus,
    onOpen: () => {
      stopRecorder();
      const next = new MediaRecorder(recorded, {
        mimeType,
        videoBitsPerSecond: 1_500_000,
        audioBitsPerSecond: 64_000,
        // Chromium: a keyframe every second, so the server can cut one-second segments when it copies.
        ...({ videoKeyFrameIntervalDuration: 1000 } as object),
      });
      next.ondataavailable = (event) => ingest.send(event.data);
      next.start(CHUNK_MS);
      recorder = next;
    },
    onClose: stopRecorder,
  });
  ingest.start();

  return {
    stop() {
      clearInterval(painter);
      stopRecorder();
      for (const track of video.getTracks()) track.stop();
      ingest.stop();
    },
  };
}
