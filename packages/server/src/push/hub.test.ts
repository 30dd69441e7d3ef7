import { EventEmitter } from 'node:events';
import { PushClose, type PushEvent } from '@tertulia/contract';
import { afterEach, describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { localBus } from './bus';
import { createHub, type Hub } from './hub';
import { localPresence } from './presence';

/** The hub alone, with stand-in sockets: who gets which frame, who is closed, who comes online. */
class FakeSocket extends EventEmitter {
  readonly OPEN = 1;
  readyState = 1;
  sent: string[] = [];
  closedWith?: number;
  send(frame: Buffer | string) {
    this.sent.push(String(frame));
  }
  close(code: number) {
    this.closedWith = code;
    this.readyState = 3;
    this.emit('close');
  }
  ping() {}
  terminate() {
    this.close(1006);
  }
}
const socket = () => new FakeSocket();
const asWs = (s: FakeSocket) => s as unknown as WebSocket;
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));
const event = { type: 'typing', conversationId: 1 } as unknown as PushEvent;

let hub: Hub;
afterEach(() => hub?.closeAll());

describe('push hub', () => {
  it('delivers a published event to every open socket of the members named, and to nobody else', async () => {
    hub = createHub(localBus(), localPresence());
    const [a1, a2, b, c] = [socket(), socket(), socket(), socket()];
    await hub.add(1, asWs(a1), 'Web');
    await hub.add(1, asWs(a2), 'Mobile');
    await hub.add(2, asWs(b), 'Web');
    await hub.add(3, asWs(c), 'Web');
    c.readyState = 2; // closing: nothing more is sent to it
    await hub.publish([1, 3], event);
    await tick();
    expect(a1.sent.map((f) => JSON.parse(f))).toEqual([event]);
    expect(a2.sent).toHaveLength(1);
    expect(b.sent).toHaveLength(0);
    expect(c.sent).toHaveLength(0);
    expect(hub.connectionCount()).toBe(4);
  });

  it('tells the coming-online listeners once, on the first socket only; presence follows the sockets', async () => {
    let t = 1_000;
    const presence = localPresence(() => t++);
    hub = createHub(localBus(), presence);
    const online: number[] = [];
    hub.onComingOnline(async (uid) => {
      online.push(uid);
    });
    const [first, second] = [socket(), socket()];
    await hub.add(7, asWs(first), 'Web');
    await hub.add(7, asWs(second), 'Mobile');
    expect(online).toEqual([7]);
    expect(await presence.sources([7])).toEqual(new Map([[7, 'Mobile']]));
    first.close(1000);
    second.close(1000);
    await tick();
    expect(await presence.sources([7])).toEqual(new Map());
    expect(hub.connectionCount()).toBe(0);
  });

  it('closes the sockets of ended sessions: all of a member but the kept one, or by session hash', async () => {
    hub = createHub(localBus(), localPresence());
    const [kept, other, stranger] = [socket(), socket(), socket()];
    await hub.add(1, asWs(kept), 'Web', 'keep-me');
    await hub.add(1, asWs(other), 'Web', 'old');
    await hub.add(2, asWs(stranger), 'Web', 'theirs');
    await hub.disconnect([1], ['keep-me']);
    await tick();
    expect(kept.closedWith).toBeUndefined();
    expect(other.closedWith).toBe(PushClose.sessionEnded);
    await hub.endSessions(['theirs']);
    await tick();
    expect(stranger.closedWith).toBe(PushClose.sessionEnded);
  });

  it('closes sockets whose session is no longer live when the sessions are read again', async () => {
    const live = new Set(['good']);
    hub = createHub(localBus(), localPresence(), {
      liveSessions: async (hashes) => new Set(hashes.filter((h) => live.has(h))),
    });
    const [good, expired] = [socket(), socket()];
    await hub.add(1, asWs(good), 'Web', 'good');
    // A socket whose session ended while it was being accepted is closed at once.
    await hub.add(2, asWs(expired), 'Web', 'gone');
    expect(expired.closedWith).toBe(PushClose.sessionEnded);
    live.delete('good');
    await hub.checkSessions();
    expect(good.closedWith).toBe(PushClose.sessionEnded);
  });

  it('answers a client ping and tells every client to reconnect on shutdown', async () => {
    hub = createHub(localBus(), localPresence());
    const s = socket();
    await hub.add(1, asWs(s), 'Web');
    s.emit('message', Buffer.from('{"type":"ping"}'));
    expect(s.sent).toEqual(['{"type":"pong"}']);
    hub.closeAll();
    expect(s.closedWith).toBe(PushClose.restart);
  });
});
