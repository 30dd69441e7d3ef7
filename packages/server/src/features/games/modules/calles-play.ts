import { randomInt } from 'node:crypto';
import type { CallesBattle, CallesState, CallesTarget } from '@tertulia/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import type { Deps } from '../../../deps';
import type { UserRow } from '../../../http/context';
import { ApiError, notFound } from '../../../http/errors';
import type { MessageKey } from '../../../i18n/messages';
import { socialGraph } from '../../../policy/graph';
import { isDeleted, isHidden } from '../../../policy/standing';
import type { GameRow } from '../catalogue-store';
import { recordBattle } from './calles-effects';
import {
  applyBattle,
  attackPower,
  attackRefusal,
  type BuildingKind,
  build,
  type CrewKind,
  cashCap,
  crewMax,
  defencePower,
  incomePerMinute,
  LIMITS,
  levelOf,
  lots,
  newPlayer,
  type Outcome,
  type Refusal,
  resolveBattle,
  type StreetState,
  settle,
  train,
  xpForLevel,
} from './calles-rules';
import { type BattleRow, type CallesStore, callesStore } from './calles-store';
import { battleView } from './calles-view';

/** Tries of a write that lost a race with another write of the same street (then 409). */
const WRITE_TRIES = 4;
const TARGETS = 12;

const refusal = (why: Refusal) =>
  new ApiError(
    why === 'shielded' || why === 'self' ? 'ApiForbiddenException' : 'ApiConflictException',
    `calles.refused.${why}` as MessageKey,
  );
/** A write that lost the race with another one on the same street: the caller may retry. */
class Raced extends Error {}

/**
 * Guerra de Calles' use cases (docs/games-calles.md): every change reads the street, settles it
 * at the server's clock, applies a rule, and writes it back only if nobody wrote it meanwhile
 * (a conditional update on the row's version), retrying a few times when a write raced.
 */
export function callesUseCases(
  deps: Pick<Deps, 'db' | 'unitOfWork' | 'feedLog'>,
  clock: () => number = Date.now,
  seedOf: () => number = () => randomInt(0, 2 ** 32),
) {
  const store = callesStore(deps.db);
  const graph = socialGraph(deps.db);

  /** The player's row, made on first sight. */
  async function load(s: CallesStore, userId: number, now: number) {
    const found = await s.player(userId);
    if (found) return found;
    await s.create(userId, newPlayer(now), now);
    const made = await s.player(userId);
    if (!made) throw new Error('calles player row missing after insert');
    return made;
  }

  async function view(userId: number, s: StreetState, now: number): Promise<CallesState> {
    return {
      userId,
      level: s.level,
      xp: s.xp,
      xpLevel: xpForLevel(s.level),
      xpNext: s.level >= LIMITS.MAX_LEVEL ? xpForLevel(s.level) : xpForLevel(s.level + 1),
      cash: s.cash,
      cashCap: cashCap(s.level),
      income: incomePerMinute(s.buildings),
      crew: s.crew,
      crewMax: crewMax(s.level),
      wounded: s.wounded,
      recoverAt: s.recoverAt,
      ...(s.training ? { training: s.training } : {}),
      buildings: s.buildings,
      lots: lots(s.level),
      attack: attackPower(s),
      defence: defencePower(s),
      shieldUntil: s.shieldUntil,
      cooldownUntil: s.cooldownUntil,
      wins: s.wins,
      losses: s.losses,
      defences: s.defences,
      unreadJournal: await store.unread(userId),
      now,
    };
  }

  /** One change of the player's own street, written conditionally and retried on a race. */
  async function change(user: UserRow, rule: (s: StreetState, now: number) => Outcome): Promise<CallesState> {
    for (let i = 0; i < WRITE_TRIES; i++) {
      const now = clock();
      const row = await load(store, user.id, now);
      const out = rule(settle(row.state, now), now);
      if ('refused' in out) throw refusal(out.refused);
      if (await store.save(user.id, row.version, out.state, now)) return view(user.id, out.state, now);
    }
    throw new ApiError('ApiConflictException', 'calles.busy');
  }

  /** May `attacker` pick `defenderId`: a friend, or a player near their level; nobody across a block. */
  async function mayAttack(
    trx: Kysely<Database>,
    attacker: UserRow,
    level: number,
    defenderId: number,
    defenderLevel: number,
  ) {
    const ties = await socialGraph(trx).tiesWith(attacker.id, defenderId);
    if (ties.blocked || ties.blockedBy) throw notFound('calles.notPlayer');
    if (!ties.isFriend && Math.abs(defenderLevel - level) > LIMITS.MATCH_LEVELS)
      throw new ApiError('ApiForbiddenException', 'calles.notTarget');
  }

  async function attackOnce(attacker: UserRow, defender: UserRow, game: GameRow) {
    // Through the group commit: a burst of battles commits once (tools/bench/games-calles.ts).
    // The work runs statements on `trx` only, so a failed batch re-runs each battle alone.
    return deps.unitOfWork.grouped(async (trx, after) => {
      const s = callesStore(trx);
      const now = clock();
      const [a, d] = await Promise.all([load(s, attacker.id, now), s.player(defender.id)]);
      if (!d) throw notFound('calles.notPlayer');
      const atk = settle(a.state, now);
      const def = settle(d.state, now);
      // Asked in the transaction, on its connection (the graph's rows, read as the battle is).
      await mayAttack(trx, attacker, atk.level, defender.id, def.level);
      const why = attackRefusal(atk, def, now);
      if (why) throw refusal(why);
      const seed = seedOf();
      const result = resolveBattle(atk, def, seed);
      const next = applyBattle(atk, def, result, now);
      // Both rows in id order, so two attacks between the same pair never wait on each other in a circle.
      const writes: [number, number, StreetState][] = [
        [attacker.id, a.version, next.attacker],
        [defender.id, d.version, next.defender],
      ];
      writes.sort((x, y) => x[0] - y[0]);
      for (const [id, version, state] of writes)
        if (!(await s.save(id, version, state, now))) throw new Raced();
      const id = await s.insertBattle({
        attackerId: attacker.id,
        defenderId: defender.id,
        seed,
        result,
        attackerLevel: atk.level,
        defenderLevel: def.level,
        now,
      });
      await recordBattle(deps, trx, after, { id, attacker, defender, game, result, now });
      const row: BattleRow = {
        id,
        attacker_id: attacker.id,
        defender_id: defender.id,
        seed,
        attacker_won: result.attackerWon ? 1 : 0,
        loot: result.loot,
        result: JSON.stringify(result),
        attacker_level: atk.level,
        defender_level: def.level,
        read_at: 0,
        created_at: now,
        attacker_name: attacker.name,
        defender_name: defender.name,
      };
      return battleView(row, attacker.id);
    });
  }

  return {
    async state(user: UserRow): Promise<CallesState> {
      const now = clock();
      const row = await load(store, user.id, now);
      return view(user.id, settle(row.state, now), now);
    },

    train: (user: UserRow, kind: CrewKind, count: number) =>
      change(user, (s, now) => train(s, kind, count, now)),

    build: (user: UserRow, kind: BuildingKind) => change(user, (s) => build(s, kind)),

    /** Friends who play first, then players near the caller's level; nobody across a block. */
    async targets(user: UserRow): Promise<CallesTarget[]> {
      const now = clock();
      const me = await load(store, user.id, now);
      const level = levelOf(me.state.xp);
      const friendIds = await graph.friendIds(user.id);
      const [friends, near] = await Promise.all([
        store.among(friendIds),
        store.nearLevel(user.id, level, LIMITS.MATCH_LEVELS, now, TARGETS * 2),
      ]);
      const friendSet = new Set(friendIds);
      const seen = new Set<number>();
      const rows = [...friends, ...near].filter((r) => !seen.has(r.user_id) && seen.add(r.user_id));
      const ties = await graph.tiesAmong(user.id, [...seen]);
      return rows
        .filter((r) => !ties.blocked.has(r.user_id) && !ties.blockedBy.has(r.user_id))
        .slice(0, TARGETS + friends.length)
        .map((r) => ({
          uid: r.user_id,
          name: r.name,
          ...(r.image1 ? { image1: r.image1 } : {}),
          level: r.level,
          friend: friendSet.has(r.user_id),
          shieldUntil: Number(r.shield_until),
        }));
    },

    async attack(
      attacker: UserRow,
      targetId: number,
      game: GameRow,
      memberById: (id: number) => Promise<UserRow | undefined>,
    ) {
      if (targetId === attacker.id) throw refusal('self');
      const defender = await memberById(targetId);
      if (!defender || isHidden(defender) || isDeleted(defender)) throw notFound('calles.notPlayer');
      for (let i = 0; i < WRITE_TRIES; i++) {
        try {
          return await attackOnce(attacker, defender, game);
        } catch (error) {
          if (!(error instanceof Raced) && !isDeadlock(error)) throw error;
        }
      }
      throw new ApiError('ApiConflictException', 'calles.busy');
    },

    async journal(user: UserRow, limit: number, before?: number): Promise<CallesBattle[]> {
      const rows = await store.journal(user.id, limit, before);
      if (!before) await store.markRead(user.id, clock());
      return rows.map((r) => battleView(r, user.id));
    },

    async battle(user: UserRow, battleId: number): Promise<CallesBattle> {
      const row = await store.battle(battleId);
      if (!row || (row.attacker_id !== user.id && row.defender_id !== user.id))
        throw notFound('calles.battleNotFound');
      return battleView(row, user.id);
    },
  };
}
export type CallesUseCases = ReturnType<typeof callesUseCases>;

/** PostgreSQL gave up one of two transactions waiting on each other: safe to run again. */
const isDeadlock = (error: unknown) =>
  typeof error === 'object' &&
  error !== null &&
  'code' in error &&
  (error as { code: unknown }).code === '40P01';
