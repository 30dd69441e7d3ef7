import { HEARTBEAT_MS, PUSH_PATH, PushClose, type PushEvent } from '@tertulia/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { backoffDelay, PushClient, pushUrl } from './push';

class FakeSocket {
  sent: string[] = [];
  closed = false;
  onopen: (() => void) | null = null;
  onmessage: ((m: { data: string }) => void) | null = null;
  onclose: ((e: { code: number }) => void) | null = null;
  constructor(public url: string) {}
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.closed = true;
  }
  open() {
    this.onopen?.();
  }
  receive(frame: unknown) {
    this.onmessage?.({ data: typeof frame === 'string' ? frame : JSON.stringify(frame) });
  }
  drop(code = 1006) {
    this.onclose?.({ code });
  }
}

function setup() {
  const sockets: FakeSocket[] = [];
  const events: PushEvent[] = [];
  const onReconnected = vi.fn();
  const client = new PushClient({
    url: 'ws://localhost/servlet/push',
    onEvent: (e) => events.push(e),
    onReconnected,
    createSocket: (url) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket as unknown as WebSocket;
    },
    random: () => 1, // no jitter: the ceiling of each backoff step
  });
  return { client, sockets, events, onReconnected, last: () => sockets[sockets.length - 1] };
}

describe('push client', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('connects to the push path of the contract', () => {
    expect(pushUrl({ protocol: 'https:', host: 'tertulia.es' })).toBe(`wss://tertulia.es${PUSH_PATH}`);
    expect(pushUrl({ protocol: 'http:', host: 'localhost:3000' })).toBe(`ws://localhost:3000${PUSH_PATH}`);
  });

  it('delivers event frames, ignores pongs and malformed frames', () => {
    const { client, last, events } = setup();
    client.start();
    last().open();
    last().receive({ type: 'buddyOnline', user: { uid: 2, name: 'bea' } });
    last().receive({ type: 'pong' });
    last().receive('not json');
    last().receive({ nope: true });
    expect(events).toEqual([{ type: 'buddyOnline', user: { uid: 2, name: 'bea' } }]);
  });

  it('pings every HEARTBEAT_MS while open', () => {
    const { client, last } = setup();
    client.start();
    const socket = last();
    socket.open();
    vi.advanceTimersByTime(HEARTBEAT_MS - 1);
    expect(socket.sent).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(socket.sent).toEqual(['{"type":"ping"}']);
    vi.advanceTimersByTime(HEARTBEAT_MS);
    expect(socket.sent).toHaveLength(2);
    socket.drop();
    vi.advanceTimersByTime(HEARTBEAT_MS * 2);
    expect(socket.sent).toHaveLength(2); // no pings on a dead socket
  });

  it('reconnects with growing backoff and refetches after reconnecting', () => {
    const { client, sockets, last, onReconnected } = setup();
    client.start();
    last().open();
    expect(onReconnected).not.toHaveBeenCalled(); // the first connect is not a reconnect
    last().drop();
    vi.advanceTimersByTime(999);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(2);
    last().drop(); // fails again before opening: wait doubles
    vi.advanceTimersByTime(1999);
    expect(sockets).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(3);
    last().open();
    expect(onReconnected).toHaveBeenCalledTimes(1);
    last().drop(); // a successful open resets the backoff
    vi.advanceTimersByTime(1000);
    expect(sockets).toHaveLength(4);
  });

  it('backoff is capped and jittered', () => {
    expect(backoffDelay(20, 1000, 30_000, () => 1)).toBe(30_000);
    expect(backoffDelay(20, 1000, 30_000, () => 0)).toBe(15_000);
    expect(backoffDelay(0, 1000, 30_000, () => 0.5)).toBe(750);
  });

  it('close code 1012 (server restart) reconnects at the first step even after failures', () => {
    const { client, sockets, last } = setup();
    client.start();
    last().drop();
    vi.advanceTimersByTime(1000);
    last().drop();
    vi.advanceTimersByTime(2000);
    last().drop(PushClose.restart);
    vi.advanceTimersByTime(1000);
    expect(sockets).toHaveLength(4);
  });

  it('unauthorized stops; session ended stops and tells the app', () => {
    const a = setup();
    a.client.start();
    a.last().drop(PushClose.unauthorized);
    vi.advanceTimersByTime(60_000);
    expect(a.sockets).toHaveLength(1);
    expect(a.events).toEqual([]);
    const b = setup();
    b.client.start();
    b.last().open();
    b.last().drop(PushClose.sessionEnded);
    vi.advanceTimersByTime(60_000);
    expect(b.sockets).toHaveLength(1);
    expect(b.events).toEqual([{ type: 'sessionEnded' }]);
  });

  it('stop closes the socket and never reconnects; nudge skips the wait', () => {
    const { client, sockets, last } = setup();
    client.start();
    last().open();
    last().drop();
    client.nudge();
    expect(sockets).toHaveLength(2);
    client.stop();
    expect(last().closed).toBe(true);
    last().drop(1000);
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(2);
  });
});
