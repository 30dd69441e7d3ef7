/**
 * The streamer's side of the live video path (docs/live.md, "Wire format"; docs/live-web.md): one
 * WebSocket to the ingest route, a JSON start header naming the recording's type, then the
 * MediaRecorder's chunks as binary frames, in order. Each socket is one run of the server's
 * ffmpeg, so each needs a recording from its start: `onOpen` tells the page to start a fresh
 * recorder, `onClose` to drop the current one. A blip shorter than the server's grace (10 s)
 * is bridged by opening a new socket every second: viewers see a short gap, not an end.
 */

export const INGEST_PATH = '/servlet/live/ingest';
/**
 * The server's largest WebSocket message (docs/live.md, "Wire format"): a chunk above it (a
 * keyframe at a high bitrate) would close the socket, so each goes in slices of at most this.
 */
export const MAX_MESSAGE_BYTES = 64 * 1024;
/** The server ends a broadcast whose streamer is gone this long; past it, reconnecting is useless. */
export const INGEST_GRACE_MS = 10_000;
/** Close codes after which another socket is useless (the server's IngestClose). */
const FINAL_CLOSES = new Set([
  4000, // the broadcast ended
  4001, // another connection of the streamer took over
  4400, // not a stream the server can read
]);

export type IngestStatus = 'connecting' | 'open' | 'retrying' | 'lost' | 'closed';

export interface IngestOptions {
  broadcastId: string;
  mimeType: string;
  onStatus?: (status: IngestStatus) => void;
  /** A socket is ready for a recording from its start. */
  onOpen?: () => void;
  /** The socket is gone: whatever is being recorded has nowhere to go. */
  onClose?: () => void;
  createSocket?: (url: string) => WebSocket;
  graceMs?: number;
  retryDelayMs?: number;
}

export function ingestUrl(
  broadcastId: string,
  location: Pick<Location, 'protocol' | 'host'> = window.location,
) {
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${location.host}${INGEST_PATH}?broadcastId=${encodeURIComponent(broadcastId)}`;
}

export class LiveIngest {
  private socket: WebSocket | undefined;
  private stopped = false;
  private downSince = 0;
  private retry: ReturnType<typeof setTimeout> | undefined;
  private readonly options: Required<Omit<IngestOptions, 'onStatus' | 'onOpen' | 'onClose'>> &
    Pick<IngestOptions, 'onStatus' | 'onOpen' | 'onClose'>;

  constructor(options: IngestOptions) {
    this.options = {
      createSocket: (url) => new WebSocket(url),
      graceMs: INGEST_GRACE_MS,
      retryDelayMs: 1000,
      ...options,
    };
  }

  start(): void {
    this.connect();
  }

  /** One MediaRecorder chunk of the recording started for the open socket, in slices the server takes. */
  send(chunk: Blob): void {
    const socket = this.socket;
    if (this.stopped || socket?.readyState !== WebSocket.OPEN) return;
    // Slices go out in order; the server joins the bytes into one stream (boundaries mean nothing).
    for (let at = 0; at < chunk.size; at += MAX_MESSAGE_BYTES) {
      socket.send(chunk.slice(at, at + MAX_MESSAGE_BYTES));
    }
  }

  /** The streamer ended: the socket closes normally (the server ends the broadcast on the API call). */
  stop(): void {
    this.stopped = true;
    if (this.retry) clearTimeout(this.retry);
    const socket = this.socket;
    this.socket = undefined;
    if (socket && socket.readyState <= WebSocket.OPEN) socket.close(1000, 'ended');
    this.options.onStatus?.('closed');
  }

  private connect(): void {
    if (this.stopped) return;
    this.options.onStatus?.(this.downSince ? 'retrying' : 'connecting');
    const socket = this.options.createSocket(ingestUrl(this.options.broadcastId));
    socket.binaryType = 'arraybuffer';
    this.socket = socket;
    socket.onopen = () => {
      if (this.socket !== socket) return;
      socket.send(JSON.stringify({ type: 'start', mimeType: this.options.mimeType }));
      this.downSince = 0;
      this.options.onStatus?.('open');
      this.options.onOpen?.();
    };
    socket.onclose = (event) => {
      if (this.socket !== socket || this.stopped) return;
      this.socket = undefined;
      this.options.onClose?.();
      if (FINAL_CLOSES.has(event.code)) return this.lose();
      if (!this.downSince) this.downSince = Date.now();
      if (Date.now() - this.downSince >= this.options.graceMs) return this.lose();
      this.options.onStatus?.('retrying');
      this.retry = setTimeout(() => this.connect(), this.options.retryDelayMs);
    };
  }

  private lose(): void {
    this.stopped = true;
    this.options.onStatus?.('lost');
  }
}
