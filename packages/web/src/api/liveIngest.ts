/**
 * The streamer's side of the live video path (docs/live.md, "Wire format"): one WebSocket to the
 * ingest route, a small JSON header first, then the MediaRecorder's chunks as binary frames in
 * order. A network blip under the server's grace (10 s) is bridged: chunks recorded meanwhile wait
 * here and go out, in order, on the next socket, so the server's ffmpeg sees one unbroken stream.
 */

export const INGEST_PATH = '/servlet/live/ingest';
/** The server ends a broadcast whose streamer is gone this long; past it, reconnecting is useless. */
export const INGEST_GRACE_MS = 10_000;
/** Chunks kept while the socket is down (about 30 s at 300 ms a chunk): a bound on memory. */
const MAX_QUEUED = 100;

export type IngestStatus = 'connecting' | 'open' | 'retrying' | 'lost' | 'closed';

export interface IngestOptions {
  broadcastId: string;
  mimeType: string;
  onStatus?: (status: IngestStatus) => void;
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
  private queue: Blob[] = [];
  private stopped = false;
  private downSince = 0;
  private retry: ReturnType<typeof setTimeout> | undefined;
  private sentHeader = false;
  private readonly options: Required<Omit<IngestOptions, 'onStatus'>> & Pick<IngestOptions, 'onStatus'>;

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

  /** One MediaRecorder chunk: sent now when the socket is open, else kept for the next one. */
  send(chunk: Blob): void {
    if (this.stopped || chunk.size === 0) return;
    const socket = this.socket;
    if (socket?.readyState === WebSocket.OPEN && this.queue.length === 0) socket.send(chunk);
    else if (this.queue.length < MAX_QUEUED) this.queue.push(chunk);
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
      // The header names the recording's type and whether this socket resumes after a blip.
      socket.send(JSON.stringify({ mimeType: this.options.mimeType, resume: this.sentHeader }));
      this.sentHeader = true;
      this.downSince = 0;
      for (const chunk of this.queue.splice(0)) socket.send(chunk);
      this.options.onStatus?.('open');
    };
    socket.onclose = (event) => {
      if (this.socket !== socket || this.stopped) return;
      this.socket = undefined;
      // 4xxx: the server refused (not the streamer, broadcast over): retrying changes nothing.
      if (event.code >= 4000) return this.lose();
      if (!this.downSince) this.downSince = Date.now();
      if (Date.now() - this.downSince >= this.options.graceMs) return this.lose();
      this.options.onStatus?.('retrying');
      this.retry = setTimeout(() => this.connect(), this.options.retryDelayMs);
    };
  }

  private lose(): void {
    this.stopped = true;
    this.queue = [];
    this.options.onStatus?.('lost');
  }
}
