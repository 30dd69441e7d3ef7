import {
  api,
  type CallesBattle,
  type CallesState,
  type CallesTarget,
  FeedEventType,
  type Notification,
  STREET_WARS_GID,
} from '@tertulia/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { befriend, feed } from '../../../../tests/_social';
import { adminMember, dialects, member, testApp } from '../../../../tests/_util';
import { openGame, registerGame } from '../_games-test';
import { ensureCalles, player, setStreet, strong, weak } from './_calles-test';
import { journalPath } from './calles-effects';
import { LIMITS } from './calles-rules';

const gameId = STREET_WARS_GID;

describe.each(dialects)('Guerra de Calles on $name', (dialect) => {
  let t: Awaited<ReturnType<typeof testApp>>;
  let admin: Awaited<ReturnType<typeof member>>;
  beforeAll(async () => {
    t = await testApp(dialect);
    admin = await adminMember(t);
    await ensureCalles(t);
  });
  afterAll(() => t.close());
  afterEach(() => vi.restoreAllMocks());

  const pair = async () => {
    const a = await player(await member(t.app));
    const b = await player(await member(t.app));
    await setStreet(t, a.user.uid, strong);
    await setStreet(t, b.user.uid, weak);
    return { a, b };
  };
  const attack = (p: Awaited<ReturnType<typeof player>>, targetId: number) =>
    p.call(api.game.callesAttack, { gameId, token: p.token, targetId });

  it('makes a street on the first visit, with the server’s clock and a first shield', async () => {
    const before = Date.now();
    const p = await player(await member(t.app));
    expect(p.state).toMatchObject({ userId: p.user.uid, level: 1, xp: 0, cash: 250, unreadJournal: 0 });
    expect(p.state.now).toBeGreaterThanOrEqual(before);
    expect(p.state.shieldUntil).toBe(p.state.now + LIMITS.SHIELD_MS);
    // Without a token, or with another game's, nothing is played.
    expect((await p.call(api.game.callesState, { gameId })).status).toBe(403);
    const other = await registerGame(admin, { kind: 'builtin', slug: `otro-${Date.now()}`, url: undefined });
    const { token } = await openGame(p, other.id);
    const wrong = await p.call(api.game.callesState, { gameId: other.id, token });
    expect(wrong.status).toBe(404);
  });

  it('trains and builds with the server’s rules, refusing in the member’s language', async () => {
    const p = await player(await member(t.app));
    const [trained] = (await p.ok(api.game.callesTrain, {
      gameId,
      token: p.token,
      kind: 'runner',
      count: 2,
    })) as CallesState[];
    expect(trained.cash).toBe(250 - 60);
    expect(trained.training).toMatchObject({ kind: 'runner', count: 2 });
    expect(trained.training?.until).toBeGreaterThan(trained.now);
    const busy = await p.call(api.game.callesTrain, { gameId, token: p.token, kind: 'guard', count: 1 });
    expect(busy.status).toBe(409);
    expect(busy.body.message).toBe('Ya estás entrenando a tu banda. Espera a que terminen.');
    const poor = await p.call(api.game.callesBuild, { gameId, token: p.token, kind: 'workshop' });
    expect(poor.body.message).toBe('No tienes dinero suficiente.');
    const [built] = (await p.ok(api.game.callesBuild, {
      gameId,
      token: p.token,
      kind: 'kiosk',
    })) as CallesState[];
    expect(built.buildings.kiosk).toBe(2);
    expect(built.income).toBe(12);
    expect(
      (await p.call(api.game.callesTrain, { gameId, token: p.token, kind: 'ninja', count: 1 })).status,
    ).toBe(400);
  });

  it('an attack writes the journal, sends the journal push and a notice, and posts 1060/1062', async () => {
    const { a, b } = await pair();
    await befriend(a, b);
    const publish = vi.spyOn(t.deps.effects, 'publish');
    const [battle] = (await a.ok(api.game.callesAttack, {
      gameId,
      token: a.token,
      targetId: b.user.uid,
    })) as CallesBattle[];
    expect(battle).toMatchObject({
      attacker: { uid: a.user.uid },
      defender: { uid: b.user.uid },
      attackerWon: true,
      side: 'attacker',
    });
    expect(battle.loot).toBeGreaterThan(0);
    expect(battle.loot).toBeLessThanOrEqual(500 * LIMITS.LOOT_MAX);
    // The push: in B's language, opening the entry inside the game.
    const push = publish.mock.calls.find(([, e]) => e.type === 'streetWarsJournal');
    expect(push?.[0]).toEqual([b.user.uid]);
    expect(push?.[1]).toEqual({
      type: 'streetWarsJournal',
      text: `${a.user.name} asaltó tu calle y se llevó ${battle.loot} $.`,
      url: journalPath(battle.id),
    });
    // B's state: cash gone, journal unread; reading the journal marks it seen.
    const [bState] = (await b.ok(api.game.callesState, { gameId, token: b.token })) as CallesState[];
    expect(bState.cash).toBe(500 - battle.loot);
    expect(bState.unreadJournal).toBe(1);
    const [{ entries: journal }] = (await b.ok(api.game.callesJournal, { gameId, token: b.token })) as {
      entries: CallesBattle[];
    }[];
    expect(journal.map((j) => [j.id, j.side, j.read])).toEqual([[battle.id, 'defender', false]]);
    const [again] = (await b.ok(api.game.callesBattle, {
      gameId,
      token: b.token,
      battleId: battle.id,
    })) as CallesBattle[];
    expect(again.read).toBe(true);
    // Only the two sides see a battle.
    const c = await player(await member(t.app));
    expect(
      (await c.call(api.game.callesBattle, { gameId, token: c.token, battleId: battle.id })).status,
    ).toBe(404);
    // The stored notice opens the entry in the container.
    const notices = (await b.ok(api.user.getNotifications, {})) as Notification[];
    expect(notices[0]).toMatchObject({
      kind: 'streetWars',
      text: `${a.user.name} atacó tu calle en Guerra de Calles.`,
      url: `/games?gid=${gameId}&url=${encodeURIComponent(journalPath(battle.id))}`,
    });
    // Both sides' feeds show the battle joined and won, with the game.
    for (const reader of [a, b]) {
      const events = (await feed(reader)).filter((e) => e.userId === a.user.uid);
      expect(events.map((e) => e.type)).toEqual(
        expect.arrayContaining([
          FeedEventType.STREET_WARS_BATTLE_JOINED,
          FeedEventType.STREET_WARS_BATTLE_WON,
        ]),
      );
      expect(events[0].properties?.target?.user?.uid).toBe(b.user.uid);
      expect(events[0].properties?.game?.id).toBe(gameId);
    }
  });

  it('posts battle events at most once an hour per attacker', async () => {
    const { a, b } = await pair();
    await befriend(a, b);
    await a.ok(api.game.callesAttack, { gameId, token: a.token, targetId: b.user.uid });
    const c = await player(await member(t.app));
    await befriend(a, c);
    await setStreet(t, c.user.uid, weak);
    await setStreet(t, a.user.uid, strong);
    await a.ok(api.game.callesAttack, { gameId, token: a.token, targetId: c.user.uid });
    const mine = (await feed(a)).filter((e) => e.userId === a.user.uid);
    expect(mine.filter((e) => e.type === FeedEventType.STREET_WARS_BATTLE_JOINED)).toHaveLength(1);
  });

  it('refuses attacks the rules do not allow', async () => {
    const { a, b } = await pair();
    const self = await attack(a, a.user.uid);
    expect([self.status, self.body.message]).toEqual([403, 'No puedes atacar tu propia calle.']);
    // A stranger far from the attacker's level is no target; near it, they are.
    await setStreet(t, b.user.uid, { level: 9, xp: 3_600 });
    const far = await attack(a, b.user.uid);
    expect([far.status, far.body.message]).toEqual([
      403,
      'Solo puedes atacar a tus amigos o a jugadores cerca de tu nivel.',
    ]);
    await setStreet(t, b.user.uid, { level: 2, xp: 100 });
    const [{ targets }] = (await a.ok(api.game.callesTargets, { gameId, token: a.token })) as {
      targets: CallesTarget[];
    }[];
    expect(targets.some((x) => x.uid === b.user.uid && !x.friend)).toBe(true);
    // Across a block: not found, and not offered.
    await b.ok(api.people.blockUser, { userId: a.user.uid });
    expect((await attack(a, b.user.uid)).status).toBe(404);
    const [{ targets: after }] = (await a.ok(api.game.callesTargets, { gameId, token: a.token })) as {
      targets: CallesTarget[];
    }[];
    expect(after.some((x) => x.uid === b.user.uid)).toBe(false);
    // Someone who never played, and a shielded street.
    const never = await member(t.app);
    expect((await attack(a, never.user.uid)).body.message).toBe('Ese miembro no juega a Guerra de Calles.');
    const fresh = await player(await member(t.app));
    const shielded = await attack(a, fresh.user.uid);
    expect([shielded.status, shielded.body.message]).toEqual([
      403,
      'Esa calle acaba de sufrir un ataque. Déjala en paz un rato.',
    ]);
  });

  it('two attacks at once on one street: one battle, one loot', async () => {
    const { a, b } = await pair();
    const c = await player(await member(t.app));
    await setStreet(t, c.user.uid, strong);
    const answers = await Promise.all([attack(a, b.user.uid), attack(c, b.user.uid)]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 403]);
    const won = answers.find((r) => r.status === 200)?.body.CallesBattle as CallesBattle[];
    const [bState] = (await b.ok(api.game.callesState, { gameId, token: b.token })) as CallesState[];
    expect(bState.cash).toBe(500 - won[0].loot);
    const rows = await t.deps.db
      .selectFrom('calles_battles')
      .select('id')
      .where('defender_id', '=', b.user.uid)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('one attacker attacking two streets at once fights once (the cooldown holds)', async () => {
    const { a, b } = await pair();
    const d = await player(await member(t.app));
    await setStreet(t, d.user.uid, weak);
    const answers = await Promise.all([attack(a, b.user.uid), attack(a, d.user.uid)]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    const [aState] = (await a.ok(api.game.callesState, { gameId, token: a.token })) as CallesState[];
    expect(aState.wins + aState.losses).toBe(1);
  });

  it('pays a battle’s reward once per key, and counts experience on the friends board and profile', async () => {
    const { a, b } = await pair();
    await befriend(a, b);
    const [battle] = (await a.ok(api.game.callesAttack, {
      gameId,
      token: a.token,
      targetId: b.user.uid,
    })) as CallesBattle[];
    const grant = {
      gameId,
      token: a.token,
      amount: 10,
      reason: 'Victoria',
      idempotencyKey: `calles-battle-${battle.id}`,
    };
    await a.ok(api.game.grantGameReward, grant);
    await a.ok(api.game.grantGameReward, grant);
    expect((await t.deps.ledger.balances(a.user.uid)).gold).toBe(10);
    const [state] = (await a.ok(api.game.callesState, { gameId, token: a.token })) as CallesState[];
    await a.ok(api.game.submitScore, { gameId, token: a.token, score: state.xp });
    const board = (await b.ok(api.game.getGameLeaderboard, { gameId, type: 'friends' })) as {
      userId: number;
      score: number;
    }[];
    expect(board.find((r) => r.userId === a.user.uid)?.score).toBe(state.xp);
    expect((await a.call(api.game.submitScore, { gameId, token: a.token, score: -1 })).status).toBe(400);
    await a.ok(api.game.setGamePresence, {
      gameId,
      token: a.token,
      gameStatus: `Nivel ${state.level} en Guerra de Calles`,
    });
    const players = (await b.ok(api.game.getGamePlayers, { userId: a.user.uid })) as {
      gameStatus?: string;
    }[];
    expect(players[0].gameStatus).toBe(`Nivel ${state.level} en Guerra de Calles`);
  });
});
