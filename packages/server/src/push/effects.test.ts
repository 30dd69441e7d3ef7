import type { PushEvent } from '@tertulia/contract';
import { describe, expect, it } from 'vitest';
import { createEffects } from './effects';

const event = (n: number) => ({ type: 'typing', conversationId: n }) as unknown as PushEvent;

/** A hub whose bus can be taken down and brought back. */
function flakyHub() {
  const delivered: number[] = [];
  const hub = {
    down: false,
    async publish(_userIds: number[], e: PushEvent) {
      if (hub.down) throw new Error('bus unreachable');
      delivered.push((e as unknown as { conversationId: number }).conversationId);
    },
  };
  return { hub, delivered };
}

const waitFor = async (check: () => boolean, ms = 2_000) => {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 5));
  }
};

describe('effects after commit', () => {
  it('delivers at once when the bus answers', async () => {
    const { hub, delivered } = flakyHub();
    const effects = createEffects(hub);
    effects.publish([1], event(1));
    await effects.settled();
    expect(delivered).toEqual([1]);
    expect(effects.pending()).toBe(0);
  });

  it('never throws while the bus is down, and delivers in order once it is back', async () => {
    const { hub, delivered } = flakyHub();
    const effects = createEffects(hub, { retryMs: 5, maxDelayMs: 20 });
    hub.down = true;
    expect(() => effects.publish([1], event(1))).not.toThrow();
    await effects.settled();
    effects.publish([1], event(2));
    expect(effects.pending()).toBe(2);
    await new Promise((r) => setTimeout(r, 30));
    expect(delivered).toEqual([]);
    hub.down = false;
    await waitFor(() => delivered.length === 2);
    expect(delivered).toEqual([1, 2]);
    expect(effects.pending()).toBe(0);
    await effects.close();
  });

  it('keeps a bounded queue: the oldest waiting delivery is dropped first', async () => {
    const { hub, delivered } = flakyHub();
    const drops: string[] = [];
    const effects = createEffects(hub, { maxPending: 2, retryMs: 5, onDrop: (reason) => drops.push(reason) });
    hub.down = true;
    for (const n of [1, 2, 3]) effects.publish([1], event(n));
    await effects.settled();
    expect(effects.pending()).toBe(2);
    expect(drops).toEqual(['queue full']);
    hub.down = false;
    await waitFor(() => delivered.length === 2);
    expect(delivered).toEqual([2, 3]);
    await effects.close();
  });

  it('ignores an empty audience', async () => {
    const { hub, delivered } = flakyHub();
    const effects = createEffects(hub);
    effects.publish([], event(1));
    await effects.settled();
    expect(delivered).toEqual([]);
  });
});
