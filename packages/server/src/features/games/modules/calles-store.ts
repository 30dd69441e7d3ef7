import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import type { BattleResult, StreetState } from './calles-rules';

export interface PlayerRow {
  userId: number;
  state: StreetState;
  version: number;
}

export interface BattleRow {
  id: number;
  attacker_id: number;
  defender_id: number;
  seed: number;
  attacker_won: number;
  loot: number;
  result: string;
  attacker_level: number;
  defender_level: number;
  read_at: number;
  created_at: number;
  attacker_name: string | null;
  defender_name: string | null;
}

/** Guerra de Calles' SQL (docs/games-calles.md): its own two tables, nothing else's. */
export function callesStore(db: Kysely<Database>) {
  const battles = () =>
    db
      .selectFrom('calles_battles as b')
      .leftJoin('users as a', 'a.id', 'b.attacker_id')
      .leftJoin('users as d', 'd.id', 'b.defender_id')
      .selectAll('b')
      .select(['a.name as attacker_name', 'd.name as defender_name']);

  return {
    async player(userId: number): Promise<PlayerRow | undefined> {
      const row = await db
        .selectFrom('calles_players')
        .select(['user_id', 'state', 'version'])
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return (
        row && { userId: row.user_id, state: JSON.parse(row.state) as StreetState, version: row.version }
      );
    },

    /** A first state; a second request at once finds the row made and does nothing. */
    async create(userId: number, state: StreetState, now: number): Promise<void> {
      await db
        .insertInto('calles_players')
        .values({
          user_id: userId,
          level: state.level,
          xp: state.xp,
          shield_until: state.shieldUntil,
          state: JSON.stringify(state),
          created_at: now,
          updated_at: now,
        })
        .onConflict((oc) => oc.column('user_id').doNothing())
        .execute();
    },

    /** Writes the state only if nobody wrote since `version` was read: false when someone did. */
    async save(userId: number, version: number, state: StreetState, now: number): Promise<boolean> {
      const r = await db
        .updateTable('calles_players')
        .set({
          level: state.level,
          xp: state.xp,
          shield_until: state.shieldUntil,
          state: JSON.stringify(state),
          version: version + 1,
          updated_at: now,
        })
        .where('user_id', '=', userId)
        .where('version', '=', version)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },

    /** Players near a level, not shielded now, most recently active first. */
    nearLevel(userId: number, level: number, spread: number, now: number, limit: number) {
      return db
        .selectFrom('calles_players as p')
        .innerJoin('users as u', 'u.id', 'p.user_id')
        .select(['p.user_id', 'p.level', 'p.xp', 'p.shield_until', 'u.name', 'u.image1'])
        .where('p.level', '>=', level - spread)
        .where('p.level', '<=', level + spread)
        .where('p.user_id', '!=', userId)
        .where('p.shield_until', '<=', now)
        .where('u.banned_at', '=', 0)
        .where('u.deleted_at', '=', 0)
        .orderBy('p.updated_at', 'desc')
        .limit(limit)
        .execute();
    },

    /** These members' rows (friends who play). */
    among(ids: number[]) {
      if (!ids.length) return Promise.resolve([]);
      return db
        .selectFrom('calles_players as p')
        .innerJoin('users as u', 'u.id', 'p.user_id')
        .select(['p.user_id', 'p.level', 'p.xp', 'p.shield_until', 'u.name', 'u.image1'])
        .where('p.user_id', 'in', ids)
        .where('u.banned_at', '=', 0)
        .where('u.deleted_at', '=', 0)
        .orderBy('p.level', 'desc')
        .limit(50)
        .execute();
    },

    async insertBattle(b: {
      attackerId: number;
      defenderId: number;
      seed: number;
      result: BattleResult;
      attackerLevel: number;
      defenderLevel: number;
      now: number;
    }): Promise<number> {
      const row = await db
        .insertInto('calles_battles')
        .values({
          attacker_id: b.attackerId,
          defender_id: b.defenderId,
          seed: b.seed,
          attacker_won: b.result.attackerWon ? 1 : 0,
          loot: b.result.loot,
          result: JSON.stringify(b.result),
          attacker_level: b.attackerLevel,
          defender_level: b.defenderLevel,
          created_at: b.now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    battle(id: number): Promise<BattleRow | undefined> {
      return battles().where('b.id', '=', id).executeTakeFirst();
    },

    /** A member's journal: battles they fought on either side, newest first (two indexed reads). */
    async journal(userId: number, limit: number, beforeId?: number): Promise<BattleRow[]> {
      const side = (column: 'b.attacker_id' | 'b.defender_id') => {
        let q = battles().where(column, '=', userId);
        if (beforeId) q = q.where('b.id', '<', beforeId);
        return q.orderBy('b.id', 'desc').limit(limit).execute();
      };
      const [attacks, defences] = await Promise.all([side('b.attacker_id'), side('b.defender_id')]);
      return [...attacks, ...defences].sort((x, y) => y.id - x.id).slice(0, limit);
    },

    unread(userId: number) {
      return db
        .selectFrom('calles_battles')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('defender_id', '=', userId)
        .where('read_at', '=', 0)
        .executeTakeFirstOrThrow()
        .then((r) => Number(r.n));
    },

    async markRead(userId: number, now: number): Promise<void> {
      await db
        .updateTable('calles_battles')
        .set({ read_at: now })
        .where('defender_id', '=', userId)
        .where('read_at', '=', 0)
        .execute();
    },
  };
}
export type CallesStore = ReturnType<typeof callesStore>;
