import { api, type CuatroMatch, type Endpoint } from '@tertulia/contract';
import type { Member } from '../../../../tests/_social';
import type { CallResult, TestApp } from '../../../../tests/_util';
import { openGame, registerGame } from '../_games-test';
import { CUATRO_SLUG } from './cuatro';

/** Cuatro en raya test steps: the game's id (registered when the install lacks it) and token calls. */
export async function cuatroGameId(t: Pick<TestApp, 'deps'>, admin: Member): Promise<number> {
  const row = await t.deps.db
    .selectFrom('games')
    .select('id')
    .where('slug', '=', CUATRO_SLUG)
    .executeTakeFirst();
  if (row) return row.id;
  const game = await registerGame(admin, {
    kind: 'builtin',
    slug: CUATRO_SLUG,
    url: undefined,
    name: 'Cuatro en raya',
  });
  return game.id;
}

/** A member playing the game: calls carry the game id and their token, as the host page adds them. */
export async function cuatroPlayer(m: Member, gameId: number) {
  const { token } = await openGame(m, gameId);
  const call = (e: Endpoint, p: Record<string, unknown> = {}): Promise<CallResult> =>
    m.call(e, { gameId, token, ...p });
  const ok = async (e: Endpoint, p: Record<string, unknown> = {}) => {
    const res = await call(e, p);
    if (res.status !== 200) throw new Error(`${e.path} -> ${res.status} ${JSON.stringify(res.body)}`);
    return (res.body.CuatroMatch as CuatroMatch[])[0];
  };
  const g = api.game;
  return {
    m,
    uid: m.user.uid,
    call,
    ok,
    lobby: async () =>
      ((await call(g.cuatroMatches)).body.CuatroLobby as { matches: CuatroMatch[] }[])[0].matches,
    challenge: (opponentId?: number) => ok(g.cuatroChallenge, opponentId ? { opponentId } : {}),
    answer: (matchId: number, accept = true) => ok(g.cuatroAnswer, { matchId, accept }),
    move: (match: CuatroMatch, column: number) =>
      ok(g.cuatroMove, { matchId: match.id, column, version: match.version }),
    tryMove: (match: CuatroMatch, column: number, version = match.version) =>
      call(g.cuatroMove, { matchId: match.id, column, version }),
    match: (matchId: number) => ok(g.cuatroMatch, { matchId }),
    resign: (matchId: number) => ok(g.cuatroResign, { matchId }),
    rematch: (matchId: number) => ok(g.cuatroRematch, { matchId }),
  };
}
export type CuatroPlayer = Awaited<ReturnType<typeof cuatroPlayer>>;

/** Plays the moves in turn from a started match (red first), each on the version it just saw. */
export async function playOut(
  red: CuatroPlayer,
  yellow: CuatroPlayer,
  start: CuatroMatch,
  columns: number[],
) {
  let match = start;
  for (const column of columns) match = await (match.turn === 1 ? red : yellow).move(match, column);
  return match;
}
