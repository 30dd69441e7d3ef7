// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type IngestStatus, ingestUrl, LiveIngest } from './liveIngest';

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

function ingest(statuses: IngestStatus[] = []) {
  return new LiveIngest({
    broadcastId: 'abcdefghijklmnop',
    mimeType: 'video/webm;codecs=vp8,opus',
    onStatus: (s) => statuses.push(s),
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

  it('names the broadcast in the address and sends the header before the chunks', () => {
    expect(ingestUrl('abc', { protocol: 'https:', host: 'tertulia.example' })).toBe(
      'wss://tertulia.example/servlet/live/ingest?broadcastId=abc',
    );
    const live = ingest();
    live.start();
    live.send(chunk('early'));
    const socket = FakeSocket.all[0];
    socket.open();
    live.send(chunk('later'));
    expect(JSON.parse(socket.sent[0] as string)).toEqual({
      mimeType: 'video/webm;codecs=vp8,opus',
      resume: false,
    });
    expect(socket.sent.slice(1).map((b) => (b as Blob).size)).toEqual([5, 5]);
  });

  it('bridges a short blip: chunks recorded meanwhile go out, in order, on the next socket', () => {
    const statuses: IngestStatus[] = [];
    const live = ingest(statuses);
    live.start();
    FakeSocket.all[0].open();
    FakeSocket.all[0].drop();
    live.send(chunk('a'));
    live.send(chunk('bb'));
    vi.advanceTimersByTime(500);
    const second = FakeSocket.all[1];
    second.open();
    expect(JSON.parse(second.sent[0] as string).resume).toBe(true);
    expect(second.sent.slice(1).map((b) => (b as Blob).size)).toEqual([1, 2]);
    expect(statuses).toEqual(['connecting', 'open', 'retrying', 'retrying', 'open']);
  });

  it('gives up once the server has ended the broadcast: after the grace, or when it refuses', () => {
    const statuses: IngestStatus[] = [];
    const live = ingest(statuses);
    live.start();
    FakeSocket.all[0].open();
    FakeSocket.all[0].drop();
    for (let i = 0; i < 25 && statuses.at(-1) !== 'lost'; i++) {
      vi.advanceTimersByTime(500);
      FakeSocket.all.at(-1)?.drop();
    }
    expect(statuses.at(-1)).toBe('lost');
    const sockets = FakeSocket.all.length;
    vi.advanceTimersByTime(5000);
    expect(FakeSocket.all.length).toBe(sockets);

    const refused: IngestStatus[] = [];
    const other = ingest(refused);
    other.start();
    FakeSocket.all.at(-1)?.drop(4403);
    expect(refused).toEqual(['connecting', 'lost']);
  });
});
