import { HEARTBEAT_MS, PUSH_PATH, PushClose, type PushEvent } from '@tertulia/contract';

export type PushStatus = 'connecting' | 'open' | 'waiting' | 'stopped';

export interface PushOptions {
  url?: string;
  onEvent: (event: PushEvent) => void;
  /** After a reconnect (not the first connect): refetch what may have been missed. */
  onReconnected: () => void;
  onStatus?: (status: PushStatus) => void;
  createSocket?: (url: string) => WebSocket;
  heartbeatMs?: number;
  baseDelayMs?: number;
  maxDelayMs?: number;
  random?: () => number;
}

export function pushUrl(location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${PUSH_PATH}`;
}

/** Exponential backoff with jitter, so a restarted server is not hit by every tab at once. */
export function backoffDelay(attempt: number, base: number, max: number, random: () => number): number {
  const ceiling = Math.min(max, base * 2 ** attempt);
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

/**
 * The push socket (docs/architecture.md): one per tab, cookie-authenticated, heartbeat pings,
 * reconnects with backoff; close 1012 (server restart) reconnects, auth closes stop.
 */
export class PushClient {
  private socket: WebSocket | undefined;
  private attempt = 0;
  private connectedBefore = false;
  private stopped = true;
  private heartbeat: ReturnType<typeof setInterval> | undefined;
  private retry: ReturnType<typeof setTimeout> | undefined;
  private readonly options: Required<Omit<PushOptions, 'onStatus'>> & Pick<PushOptions, 'onStatus'>;

  constructor(options: PushOptions) {
    this.options = {
      url: options.url ?? pushUrl(),
      createSocket: (url) => new WebSocket(url),
      heartbeatMs: HEARTBEAT_MS,
      baseDelayMs: 1000,
      maxDelayMs: 30_000,
      random: Math.random,
      ...options,
    };
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.connect();
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.retry);
    this.stopHeartbeat();
    const socket = this.socket;
    this.socket = undefined;
    socket?.close(1000);
    this.options.onStatus?.('stopped');
  }

  /** The network came back or the tab became visible: skip the remaining wait. */
  nudge(): void {
    if (this.stopped || this.socket) return;
    clearTimeout(this.retry);
    this.connect();
  }

  private connect(): void {
    this.options.onStatus?.('connecting');
    const socket = this.options.createSocket(this.options.url);
    this.socket = socket;
    socket.onopen = () => {
      if (this.socket !== socket) return;
      this.attempt = 0;
      this.options.onStatus?.('open');
      this.heartbeat = setInterval(
        () => socket.send(JSON.stringify({ type: 'ping' })),
        this.options.heartbeatMs,
      );
      if (this.connectedBefore) this.options.onReconnected();
      this.connectedBefore = true;
    };
    socket.onmessage = (message) => {
      if (this.socket !== socket) return;
      let frame: { type?: unknown };
      try {
        frame = JSON.parse(String(message.data));
      } catch {
        return; // a malformed frame is dropped, the connection stays
      }
      if (!frame || typeof frame.type !== 'string' || frame.type === 'pong') return;
      this.options.onEvent(frame as PushEvent);
    };
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      this.socket = undefined;
      this.stopHeartbeat();
      if (this.stopped) return;
      if (event.code === PushClose.unauthorized || event.code === PushClose.sessionEnded) {
        // Not logged in any more: reconnecting would be refused again.
        this.stopped = true;
        this.options.onStatus?.('stopped');
        if (event.code === PushClose.sessionEnded) this.options.onEvent({ type: 'sessionEnded' });
        return;
      }
      // 1012 is a planned restart: come back quickly rather than after a long backoff.
      const delay =
        event.code === PushClose.restart
          ? backoffDelay(0, this.options.baseDelayMs, this.options.maxDelayMs, this.options.random)
          : backoffDelay(
              this.attempt,
              this.options.baseDelayMs,
              this.options.maxDelayMs,
              this.options.random,
            );
      this.attempt++;
      this.options.onStatus?.('waiting');
      this.retry = setTimeout(() => this.connect(), delay);
    };
  }

  private stopHeartbeat(): void {
    clearInterval(this.heartbeat);
    this.heartbeat = undefined;
  }
}
