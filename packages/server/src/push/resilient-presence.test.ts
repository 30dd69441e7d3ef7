import { describe, expect, it } from 'vitest';
import { localPresence, type Presence, resilientPresence } from './presence';

describe('presence while Redis is away', () => {
  it("answers from the instance's own sockets, and keeps them for when Redis fails later", async () => {
    const state = { down: false };
    const real = localPresence();
    const shared = Object.fromEntries(
      Object.entries(real).map(([name, op]) => [
        name,
        (...a: unknown[]) =>
          state.down ? Promise.reject(new Error('ECONNREFUSED')) : (op as (...x: unknown[]) => unknown)(...a),
      ]),
    ) as unknown as Presence;
    const presence = resilientPresence(shared);
    await presence.connected(1, 'c1', 'Web');
    state.down = true;
    await presence.connected(2, 'c2', 'Mobile');
    expect([...(await presence.sources([1, 2, 3]))]).toEqual([
      [1, 'Web'],
      [2, 'Mobile'],
    ]);
    expect((await presence.onlineUserIds(10)).sort()).toEqual([1, 2]);
    await presence.disconnected(1, 'c1');
    expect([...(await presence.sources([1, 2]))]).toEqual([[2, 'Mobile']]);
    state.down = false;
    // Redis again: it knows only what reached it (member 1, connected before the outage).
    expect([...(await presence.sources([1, 2]))]).toEqual([[1, 'Web']]);
  });
});
