import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, type TestApp, testApp } from '../../../tests/_util';
import { boardStore } from './board-store';
import { windowTop } from './board-window-store';
import { dayOf } from './days';

/** A seeded generator, so a failure can be replayed. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe.each(dialects)('window pages from ranked day rows on $name', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp(dialect);
  });
  afterAll(() => t.close());

  /** The plain answer: every member's window summed, in rank order. */
  const plain = async (roomId: number, fromDay: number, limit: number) => {
    const { rows } = await sql<{ user_id: number; score: unknown }>`
      select user_id, sum(score) as score from gift_board_days
      where kind = 'gifters' and room_id = ${roomId} and day >= ${fromDay}
      group by user_id order by sum(score) desc, user_id limit ${limit}`.execute(t.deps.db);
    return rows.map((r) => ({ userId: r.user_id, score: Number(r.score) }));
  };

  it('gives the same page as summing everything, with full days, many ties and deep pages', async () => {
    const today = dayOf(Date.now());
    // A room of its own (a high id) keeps other tests' rows out.
    const roomId = 900_000 + Math.floor(Math.random() * 90_000);
    const rand = prng(roomId);
    const rows = [];
    for (let day = today - 9; day <= today; day++)
      for (let user = 1; user <= 400; user++)
        // Few distinct scores: ties everywhere, including at the threshold. Members 1-30 give
        // every day and much more (a skewed board, where the cut answers without the full sum).
        if (user <= 30 || rand() < 0.7)
          rows.push({
            kind: 'gifters',
            room_id: roomId,
            day,
            user_id: user,
            score: user <= 30 ? 100 * (1 + Math.floor(rand() * 4)) : 10 * (1 + Math.floor(rand() ** 3 * 8)),
            gifts: 1,
          });
    for (let i = 0; i < rows.length; i += 500)
      await t.deps.db
        .insertInto('gift_board_days')
        .values(rows.slice(i, i + 500))
        .execute();

    const store = boardStore(t.deps.db);
    for (const [days, offset, limit] of [
      [7, 0, 20],
      [7, 40, 20],
      [30, 0, 50],
      [1, 0, 10],
    ]) {
      const fromDay = today - (days - 1);
      const expected = (await plain(roomId, fromDay, offset + limit)).slice(offset);
      expect(await store.page('gifters', roomId, { fromDay }, offset, limit)).toEqual(expected);
    }
    // The cut really answered (not the fallback): a week's top 20 from full days.
    const direct = await windowTop(t.deps.db, 'gifters', roomId, today - 6, today + 1, 20);
    expect(direct).toEqual(await plain(roomId, today - 6, 20));
  });
});
