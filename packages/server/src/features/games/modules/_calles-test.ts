import { api, type CallesState, STREET_WARS_GID } from '@tertulia/contract';
import type { Member } from '../../../../tests/_social';
import type { TestApp } from '../../../../tests/_util';
import { openGame } from '../_games-test';
import { ensureBuiltinGames } from '../builtin-catalogue';
import { callesModule } from './calles';
import type { StreetState } from './calles-rules';

/** Test steps for Guerra de Calles: the game in the catalogue, a player's token, their street. */
export async function ensureCalles(t: TestApp): Promise<void> {
  await ensureBuiltinGames(t.deps.db, [callesModule]);
}

/** A member who opened the game: their token and first street. */
export async function player(m: Member) {
  const { token } = await openGame(m, STREET_WARS_GID);
  const [state] = (await m.ok(api.game.callesState, { gameId: STREET_WARS_GID, token })) as CallesState[];
  return Object.assign(m, { token, state });
}
export type Player = Awaited<ReturnType<typeof player>>;

/** Rewrites part of a street straight in its row (test setup: no shield, a given crew or cash). */
export async function setStreet(t: TestApp, uid: number, patch: Partial<StreetState>) {
  const row = await t.deps.db
    .selectFrom('calles_players')
    .select('state')
    .where('user_id', '=', uid)
    .executeTakeFirstOrThrow();
  const state = { ...(JSON.parse(row.state) as StreetState), ...patch };
  await t.deps.db
    .updateTable('calles_players')
    .set({ state: JSON.stringify(state), level: state.level, xp: state.xp, shield_until: state.shieldUntil })
    .where('user_id', '=', uid)
    .execute();
}

export const strong = { crew: { bruiser: 20, guard: 0, runner: 10 }, cash: 0, cooldownUntil: 0 };
export const weak = { crew: { bruiser: 0, guard: 0, runner: 0 }, cash: 500, shieldUntil: 0 };
