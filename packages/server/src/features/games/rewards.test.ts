import { api, type GameReward } from '@tertulia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminMember, Client, dialects, member, testApp } from '../../../tests/_util';
import { openGame, registerGame } from './_games-test';

describe.each(dialects)('game rewards on $name', (dialect) => {
  let t: Awaited<ReturnType<typeof testApp>>;
  let admin: Awaited<ReturnType<typeof member>>;
  beforeAll(async () => {
    t = await testApp(dialect);
    admin = await adminMember(t);
  });
  afterAll(() => t.close());

  const rewardGame = (extra: Record<string, unknown> = {}) =>
    registerGame(admin, { credsIntegrated: true, dailyRewardCap: 100, rewardCurrency: 'gold', ...extra });

  it('grants through the ledger once per key, records the history, and answers the reward', async () => {
    const game = await rewardGame();
    const m = await member(t.app);
    const { token } = await openGame(m, game.id);
    const grant = { gameId: game.id, amount: 30, reason: 'Nivel 3', idempotencyKey: 'reward-0001', token };
    const [reward] = (await m.ok(api.game.grantGameReward, grant)) as GameReward[];
    expect(reward).toMatchObject({
      gameId: game.id,
      userId: m.user.uid,
      amount: 30,
      currency: 'gold',
      reason: 'Nivel 3',
    });
    // The same key again: the first answer, no more gold.
    expect(await m.ok(api.game.grantGameReward, grant)).toEqual([reward]);
    expect((await t.deps.ledger.balances(m.user.uid)).gold).toBe(30);
    const history = (await m.ok(api.game.getRewardsHistory, {
      userId: m.user.uid,
      gameId: game.id,
    })) as GameReward[];
    expect(history).toEqual([reward]);
    expect((await t.deps.ledger.checkBooks()).balanced).toBe(true);
  });

  it('never passes the daily cap, even with grants at once; love games pay love points', async () => {
    const game = await rewardGame({ dailyRewardCap: 50, rewardCurrency: 'love' });
    const m = await member(t.app);
    const { token } = await openGame(m, game.id);
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        m.call(api.game.grantGameReward, {
          gameId: game.id,
          amount: 10,
          reason: 'ronda',
          idempotencyKey: `cap-key-${i}`,
          token,
        }),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(5);
    const refused = answers.filter((a) => a.status !== 200);
    expect(refused.every((a) => a.status === 409)).toBe(true);
    expect(refused[0].body.message).toBe('Este juego ya dio hoy todo lo que puede dar (50). Vuelve mañana.');
    expect(await t.deps.ledger.balances(m.user.uid)).toMatchObject({ love: 50, gold: 0 });
    expect((await m.ok(api.game.getRewardsHistory, { userId: m.user.uid, gameId: game.id })).length).toBe(5);
  });

  it('refuses games without rewards, a missing key, other members’ history, and visitors', async () => {
    const plain = await registerGame(admin);
    const m = await member(t.app);
    const other = await member(t.app);
    const { token } = await openGame(m, plain.id);
    const off = await m.call(api.game.grantGameReward, {
      gameId: plain.id,
      amount: 5,
      reason: 'x',
      idempotencyKey: 'no-rewards-1',
      token,
    });
    expect(off.status).toBe(403);
    expect(off.body.message).toBe('Este juego no puede dar premios.');
    const game = await rewardGame();
    const t2 = await openGame(m, game.id);
    const noKey = await m.call(api.game.grantGameReward, {
      gameId: game.id,
      amount: 5,
      reason: 'x',
      token: t2.token,
    });
    expect(noKey.status).toBe(400);
    expect(noKey.body.ApiValidationException).toEqual({ field: 'idempotencyKey' });
    expect(
      (
        await m.call(api.game.grantGameReward, {
          gameId: game.id,
          amount: 0,
          reason: 'x',
          idempotencyKey: 'zero-amt-1',
          token: t2.token,
        })
      ).status,
    ).toBe(400);
    expect((await t.deps.ledger.balances(m.user.uid)).gold).toBe(0);
    const theirs = await other.call(api.game.getRewardsHistory, { userId: m.user.uid, gameId: game.id });
    expect(theirs.status).toBe(403);
    expect(
      (await admin.call(api.game.getRewardsHistory, { userId: m.user.uid, gameId: game.id })).status,
    ).toBe(200);
    expect(
      (await m.call(api.game.getRewardsHistory, { userId: m.user.uid })).body.ApiValidationException,
    ).toEqual({ field: 'gameId' });
    expect(
      (await new Client(t.app).call(api.game.getRewardsHistory, { userId: m.user.uid, gameId: game.id }))
        .status,
    ).toBe(401);
  });
});
