import type { CuatroMatch } from '@tertulia/contract';
import { describe, expect, it } from 'vitest';
import { cuatroGameId, cuatroPlayer } from '../../src/features/games/modules/_cuatro-test';
import { befriend } from '../_social';
import { adminMember, dialects, member } from '../_util';
import { twoInstances, twoInstancesAvailable } from './_instances';
import { openPush, type PushSocket } from './_push';

/** The next `match` game event on a socket (other pushes, like presence, are skipped). */
async function nextMatch(socket: PushSocket): Promise<CuatroMatch> {
  for (;;) {
    const frame = await socket.next(5000);
    if (frame.type === 'gameEvent' && frame.name === 'match') return frame.data as CuatroMatch;
  }
}

// Two players on two instances (one PostgreSQL, one Redis) play a live match to the end: each
// move reaches the opponent's socket on the other instance through the hub. Naming the dialect
// puts the file in the node-postgres project (vitest.config.ts), where PostgreSQL is kept.
const onPostgres = Boolean(dialects.find((d) => d.name === 'postgres'));
describe.skipIf(!twoInstancesAvailable || !onPostgres)('Cuatro en raya across two instances', () => {
  const two = twoInstances();

  it('alba on A and bruno on B play a match to four in a row, each seeing the other’s moves live', async () => {
    const gid = await cuatroGameId(two.a, await adminMember(two.a));
    const [ma, mb] = [await member(two.a.app), await member(two.b.app)];
    await befriend(ma, mb);
    const [alba, bruno] = [await cuatroPlayer(ma, gid), await cuatroPlayer(mb, gid)];
    const albaOnA = await openPush(two.urlA, { cookie: ma.cookieHeader });
    expect((await albaOnA.next()).type).toBe('hello');
    const brunoOnB = await openPush(two.urlB, { cookie: mb.cookieHeader });
    expect((await brunoOnB.next()).type).toBe('hello');

    const invited = await alba.challenge(bruno.uid);
    expect(await nextMatch(brunoOnB)).toMatchObject({ id: invited.id, status: 'invited' });
    expect(await nextMatch(albaOnA)).toMatchObject({ id: invited.id, status: 'invited' });
    await bruno.answer(invited.id);
    expect(await nextMatch(albaOnA)).toMatchObject({ id: invited.id, status: 'playing' });
    await nextMatch(brunoOnB);

    // Red (alba) builds a column on 0; bruno answers on 1. Each move is seen live by the other.
    let seen = await alba.match(invited.id);
    for (const column of [0, 1, 0, 1, 0, 1, 0]) {
      const mover = seen.turn === 1 ? alba : bruno;
      const [other, mine] = mover === alba ? [brunoOnB, albaOnA] : [albaOnA, brunoOnB];
      const after = await mover.move(seen, column);
      const pushed = await nextMatch(other);
      expect(pushed).toMatchObject({ id: invited.id, version: after.version, moves: after.moves });
      await nextMatch(mine);
      seen = pushed;
    }
    expect(seen).toMatchObject({ status: 'finished', result: 1, endReason: 'four' });
    expect((await bruno.tryMove(seen, 3)).status).toBe(409);
    await Promise.all([albaOnA.close(), brunoOnB.close()]);
  });
});
