// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type IngestStatus, ingestUrl, LiveIngest, MAX_MESSAGE_BYTES } from './liveIngest';

/** A WebSocket stand-in the test opens and closes by hand, recording what was sent. */
class FakeSocket {
  static all: FakeSocket[] = [];
  readyState: number = WebSocket.CONNECTING;
  binaryType = 'blob';
  sent: unknown[] = [];
  onopen: (() => void) | null = null;
  onclose: ((e: { code: number }) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(data: unknown) {
    this.sent.push(data);
  }
  open() {
    this.readyState = WebSocket.OPEN;
    this.onopen?.();
  }
  drop(code = 1006) {
    this.readyState = WebSocket.CLOSED;
    this.onclose?.({ code });
  }
  close() {
    this.readyState = WebSocket.CLOSED;
  }
}

const chunk = (text: string) => new Blob([text]);

function ingest(log: string[] = []) {
  return new LiveIngest({
    broadcastId: 'abcdefghijklmnop',
    mimeType: 'video/webm;codecs=vp8,opus',
    onStatus: (s: IngestStatus) => log.push(s),
    onOpen: () => log.push('recorder started'),
    onClose: () => log.push('recorder dropped'),
    createSocket: (url) => new FakeSocket(url) as unknown as WebSocket,
    retryDelayMs: 500,
  });
}

describe('the streamer ingest socket', () => {
  beforeEach(() => {
    FakeSocket.all = [];
    vi.useFakeTimers();
  });
  afterEach(() => vi.useRealTimers());

  it('names the broadcast in the address and sends the start header before the chunks', () => {
    expect(ingestUrl('abc', { protocol: 'https:', host: 'tertulia.example' })).toBe(
      'wss://tertulia.example/servlet/live/ingest?broadcastId=abc',
    );
    const live = ingest();
    live.start();
    live.send(chunk('before the socket: nowhere to go'));
    const socket = FakeSocket.all[0];
    socket.open();
    live.send(chunk('first'));
    live.send(chunk(''));
    expect(JSON.parse(socket.sent[0] as string)).toEqual({
      type: 'start',
      mimeType: 'video/webm;codecs=vp8,opus',
    });
    expect(socket.sent.slice(1).map((b) => (b as Blob).size)).toEqual([5]);
  });

  it('sends a chunk larger than the server takes in one message as slices, in order', async () => {
    const live = ingest();
    live.start();
    const socket = FakeSocket.all[0];
    socket.open();
    const bytes = new Uint8Array(MAX_MESSAGE_BYTES * 2 + 10).map((_, i) => i % 251);
    live.send(new Blob([bytes]));
    const slices = socket.sent.slice(1) as Blob[];
    expect(slices.map((b) => b.size)).toEqual([MAX_MESSAGE_BYTES, MAX_MESSAGE_BYTES, 10]);
    const joined = new Uint8Array(await new Blob(slices).arrayBuffer());
    expect(joined).toEqual(bytes);
  });

  it('bridges a short blip with a new socket and a recording started afresh for it', () => {
    const log: string[] = [];
    const live = ingest(log);
    live.start();
    FakeSocket.all[0].open();
    FakeSocket.all[0].drop();
    live.send(chunk('lost in the gap'));
    vi.advanceTimersByTime(500);
    const second = FakeSocket.all[1];
    second.open();
    live.send(chunk('again'));
    expect(JSON.parse(second.sent[0] as string).type).toBe('start');
    expect(second.sent.slice(1).map((b) => (b as Blob).size)).toEqual([5]);
    expect(log).toEqual([
      'connecting',
      'open',
      'recorder started',
      'recorder dropped',
      'retrying',
      'retrying',
      'open',
      'recorder started',
    ]);
    live.stop();
    expect(log.at(-1)).toBe('closed');
  });

  it('gives up once the server has ended the broadcast: after the grace, or when it says so', () => {
    const log: string[] = [];
    const live = ingest(log);
    live.start();
    FakeSocket.all[0].open();
    FakeSocket.all[0].drop();
    for (let i = 0; i < 25 && log.at(-1) !== 'lost'; i++) {
      vi.advanceTimersByTime(500);
      FakeSocket.all.at(-1)?.drop();
    }
    expect(log.at(-1)).toBe('lost');
    const sockets = FakeSocket.all.length;
    vi.advanceTimersByTime(5000);
    expect(FakeSocket.all.length).toBe(sockets);

    for (const code of [4000, 4001, 4400]) {
      const ended: string[] = [];
      const other = ingest(ended);
      other.start();
      FakeSocket.all.at(-1)?.open();
      FakeSocket.all.at(-1)?.drop(code);
      expect(ended.at(-1)).toBe('lost');
    }
    // A restarting server (1012) or a sender too fast (4429): a new socket.
    const restarted: string[] = [];
    const other = ingest(restarted);
    other.start();
    FakeSocket.all.at(-1)?.open();
    FakeSocket.all.at(-1)?.drop(1012);
    expect(restarted.at(-1)).toBe('retrying');
  });
});
