import { api } from '@tertulia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminMember, Client, dialects, member, testApp, uniqueId } from '../../../tests/_util';
import { GAME_REPORTS_PER_HOUR } from './report';

describe.each(dialects)('game reports on $name', (dialect) => {
  let t: Awaited<ReturnType<typeof testApp>>;
  let admin: Awaited<ReturnType<typeof member>>;
  beforeAll(async () => {
    t = await testApp(dialect);
    admin = await adminMember(t);
  });
  afterAll(() => t.close());

  const gameReports = async () =>
    (await admin.ok(api.admin.getReports, { status: 'open', kind: 'game' })) as Record<string, unknown>[];
  const filed = async () =>
    Number(
      (
        await t.deps.db
          .selectFrom('reports')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('kind', '=', 'game')
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('lands in the moderators queue as kind game, with the member and their words', async () => {
    const m = await member(t.app);
    const words = `El juego se queda colgado ${uniqueId()}`;
    expect(await m.ok(api.game.reportGame, { message: `  ${words}  ` })).toEqual([true]);
    const mine = (await gameReports()).filter((r) => JSON.stringify(r).includes(words));
    expect(mine).toHaveLength(1);
    expect(JSON.stringify(mine[0])).toContain(String(m.user.uid));
  });

  it('refuses visitors, empty or overlong words, and more than the hourly bound; nothing is filed', async () => {
    const before = await filed();
    expect((await new Client(t.app).call(api.game.reportGame, { message: 'hola' })).status).toBe(401);
    const m = await member(t.app);
    const blank = await m.call(api.game.reportGame, { message: '   ' });
    expect(blank.status).toBe(400);
    expect((await m.call(api.game.reportGame, { message: 'x'.repeat(1001) })).status).toBe(400);
    expect((await m.call(api.game.reportGame, {})).status).toBe(400);
    expect(await filed()).toBe(before);
    for (let i = 0; i < GAME_REPORTS_PER_HOUR; i++)
      expect((await m.call(api.game.reportGame, { message: `informe ${i}` })).status).toBe(200);
    const over = await m.call(api.game.reportGame, { message: 'uno más' });
    expect(over.status).toBe(429);
    expect(await filed()).toBe(before + GAME_REPORTS_PER_HOUR);
  });
});
