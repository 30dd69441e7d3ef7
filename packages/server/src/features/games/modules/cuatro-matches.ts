import type { CuatroMatch } from '@tertulia/contract';
import type { Deps } from '../../../deps';
import type { UserRow } from '../../../http/context';
import { forbidden, invalid, rateLimited } from '../../../http/errors';
import type { GameRow } from '../catalogue-store';
import { conflict, cuatroMatchKit } from './cuatro-match-kit';
import { CLOCK_MS, decodeMoves, drop, encodeMoves, INCREMENT_MS, replay } from './cuatro-rules';
import { type Ending, MatchStatus } from './cuatro-store';
import { clocksAt, sideOf, turnOf } from './cuatro-view';

const HOUR_MS = 3_600_000;
/** A spectator's seat lasts this long; the watching page renews it. */
export const WATCH_MS = 5 * 60_000;
/** Challenges a member may send a day (friends and open ones together). */
export const CHALLENGES_PER_DAY = 60;
/** Open challenges older than this no longer show in the room's list. */
const OPEN_FOR_MS = 30 * 60_000;

/**
 * Cuatro en raya's matches (docs/cuatro.md): challenges, answers, moves, resignations, flags and
 * rematches. Each change is one unit of work whose write is conditional on the version read, with
 * its pushes (to both players and the spectators) and feed events released after commit.
 */
export function cuatroUseCases(
  deps: Pick<Deps, 'db' | 'unitOfWork' | 'limiter' | 'feedLog'>,
  clock: () => number = Date.now,
) {
  const { store, graph, feed, views, view, load, tell, settleFlag, start, refuseAcrossBlock } =
    cuatroMatchKit(deps, clock);

  return {
    store,
    settleFlag,

    /** The caller's matches (settling fallen flags), the room's open challenges and friends' matches to watch. */
    async lobby(user: UserRow, game: GameRow): Promise<{ matches: CuatroMatch[] }> {
      const now = clock();
      const mine = await Promise.all(
        (await store.mine(user.id, game.id, 20)).map((r) => settleFlag(game, r)),
      );
      const open = await store.open(game.id, user.id, now - OPEN_FOR_MS, 10);
      // Friends' running matches, to watch (the first few hundred friends: a lobby, not a search).
      const friends = (await graph.friendIds(user.id)).slice(0, 500);
      const seen = new Set(mine.map((m) => m.id));
      const watchable = (await store.running(game.id, friends, 10)).filter((m) => !seen.has(m.id));
      return { matches: await views([...mine, ...open, ...watchable], user.id) };
    },

    /** A match for a player, or a spectator who may watch it (a friend of either player). */
    async match(user: UserRow, game: GameRow, matchId: number): Promise<CuatroMatch> {
      let row = await load(game, matchId);
      const side = sideOf(row, user.id);
      if (!side && row.status !== MatchStatus.OPEN) {
        const players = [row.red_id, ...(row.yellow_id ? [row.yellow_id] : [])];
        const friendOf = await Promise.all(players.map((p) => graph.areFriends(user.id, p)));
        const blocked = await Promise.all(players.map((p) => graph.blockedEitherWay(user.id, p)));
        if (!friendOf.some(Boolean) || blocked.some(Boolean)) throw forbidden('cuatro.watchFriendsOnly');
        await store.watch(row.id, user.id, clock() + WATCH_MS);
      }
      row = await settleFlag(game, row);
      return view(row, user.id);
    },

    /** Invites a friend (opponentId) or opens a challenge for anyone in the room; the caller is red. */
    async challenge(user: UserRow, game: GameRow, opponentId?: number): Promise<CuatroMatch> {
      if (opponentId === user.id) throw invalid('opponentId', 'cuatro.self');
      if (opponentId !== undefined) {
        if (!(await graph.areFriends(user.id, opponentId))) throw forbidden('games.friendsOnly');
        await refuseAcrossBlock(user.id, opponentId, 'games.friendsOnly');
      }
      const pending = (await store.mine(user.id, game.id, 20)).find(
        (r) =>
          (opponentId === undefined && r.status === MatchStatus.OPEN && r.red_id === user.id) ||
          (opponentId !== undefined &&
            (r.status === MatchStatus.INVITED || r.status === MatchStatus.PLAYING) &&
            sideOf(r, opponentId) !== 0),
      );
      if (pending) return view(pending, user.id); // asking twice is not two matches
      const d = await deps.limiter.hit(`cuatroChallenge:${user.id}`, CHALLENGES_PER_DAY, 24 * HOUR_MS);
      if (!d.allowed) throw rateLimited(d.retryAfterMs);
      const now = clock();
      const row = await deps.unitOfWork(async (trx, after) => {
        const id = await store.insert(trx, {
          game_id: game.id,
          red_id: user.id,
          yellow_id: opponentId ?? null,
          inviter_id: user.id,
          status: opponentId ? MatchStatus.INVITED : MatchStatus.OPEN,
          clock_ms: CLOCK_MS,
          increment_ms: INCREMENT_MS,
          red_ms: CLOCK_MS,
          yellow_ms: CLOCK_MS,
          rematch_of: null,
          created_at: now,
          updated_at: now,
        });
        const made = (await store.byId(id!, trx))!;
        await tell(trx, after, made);
        return made;
      });
      return view(row, user.id);
    },

    /** Accept or decline an invitation, take an open challenge, or withdraw one's own. */
    async answer(user: UserRow, game: GameRow, matchId: number, accept: boolean): Promise<CuatroMatch> {
      const row = await load(game, matchId);
      if (row.status !== MatchStatus.INVITED && row.status !== MatchStatus.OPEN)
        throw conflict('cuatro.notWaiting');
      const invitee =
        row.status === MatchStatus.OPEN ? 0 : row.inviter_id === row.red_id ? row.yellow_id : row.red_id;
      if (row.inviter_id === user.id) {
        if (accept)
          throw forbidden(row.status === MatchStatus.OPEN ? 'cuatro.ownChallenge' : 'cuatro.notInvited');
      } else if (row.status === MatchStatus.INVITED && invitee !== user.id)
        throw forbidden('cuatro.notInvited');
      if (!accept) {
        const done = await deps.unitOfWork(async (trx, after) => {
          const status = row.inviter_id === user.id ? MatchStatus.CANCELLED : MatchStatus.DECLINED;
          if (!(await store.close(trx, row, status, clock()))) throw conflict('cuatro.notWaiting');
          const closed = (await store.byId(row.id, trx))!;
          await tell(trx, after, closed);
          return closed;
        });
        return view(done, user.id);
      }
      if (row.status === MatchStatus.OPEN) await refuseAcrossBlock(user.id, row.red_id, 'cuatro.notWaiting');
      return view(await start(game, row, row.yellow_id ?? user.id), user.id);
    },

    /** A disc in `column`, on the version the player saw; the server's clock and rules decide. */
    async move(user: UserRow, game: GameRow, matchId: number, column: number, version: number) {
      const row = await settleFlag(game, await load(game, matchId));
      const side = sideOf(row, user.id);
      if (!side) throw forbidden('cuatro.notYours');
      if (row.status === MatchStatus.FINISHED)
        throw conflict(
          row.end_reason === 'flag' && row.result !== side ? 'cuatro.flagFell' : 'cuatro.finished',
        );
      if (row.status !== MatchStatus.PLAYING) throw conflict('cuatro.notPlaying');
      if (turnOf(row) !== side) throw conflict('cuatro.notYourTurn');
      if (row.version !== version) throw conflict('cuatro.stale');
      const position = replay(decodeMoves(row.moves));
      const next = position && drop(position, column);
      if (!next || typeof next === 'string') throw invalid('column', 'cuatro.columnFull');
      const now = clock();
      const clocks = clocksAt(row, now);
      const ending: Ending | null =
        next.result === null ? null : { result: next.result, reason: next.result === 0 ? 'full' : 'four' };
      // Through the group commit, as chat lines and IMs are: 200 matches' moves otherwise queue
      // for SQLite's one connection, each transaction holding it across its awaits.
      const done = await deps.unitOfWork.grouped(async (trx, after) => {
        const update = {
          moves: encodeMoves(next.moves),
          red_ms: side === 1 && !ending ? clocks.red + row.increment_ms : clocks.red,
          yellow_ms: side === 2 && !ending ? clocks.yellow + row.increment_ms : clocks.yellow,
          turn_started_at: now,
        };
        if (!(await store.advance(trx, row, update, ending, now))) throw conflict('cuatro.stale');
        const moved = (await store.byId(row.id, trx))!;
        if (ending) await feed(trx, game, moved, now);
        await tell(trx, after, moved);
        return moved;
      });
      return view(done, user.id);
    },

    async resign(user: UserRow, game: GameRow, matchId: number): Promise<CuatroMatch> {
      const row = await settleFlag(game, await load(game, matchId));
      const side = sideOf(row, user.id);
      if (!side) throw forbidden('cuatro.notYours');
      if (row.status !== MatchStatus.PLAYING)
        throw conflict(row.status === MatchStatus.FINISHED ? 'cuatro.finished' : 'cuatro.notPlaying');
      const now = clock();
      const clocks = clocksAt(row, now);
      const done = await deps.unitOfWork(async (trx, after) => {
        const update = {
          moves: row.moves,
          red_ms: clocks.red,
          yellow_ms: clocks.yellow,
          turn_started_at: now,
        };
        if (!(await store.advance(trx, row, update, { result: side === 1 ? 2 : 1, reason: 'resign' }, now)))
          throw conflict('cuatro.stale');
        const ended = (await store.byId(row.id, trx))!;
        await feed(trx, game, ended, now);
        await tell(trx, after, ended);
        return ended;
      });
      return view(done, user.id);
    },

    /** Offers a rematch, colours swapped; pressing it after the opponent did accepts theirs. */
    async rematch(user: UserRow, game: GameRow, matchId: number): Promise<CuatroMatch> {
      const row = await settleFlag(game, await load(game, matchId));
      const side = sideOf(row, user.id);
      if (!side) throw forbidden('cuatro.notYours');
      if (row.status !== MatchStatus.FINISHED || !row.yellow_id) throw conflict('cuatro.notFinished');
      const offered = async (): Promise<CuatroMatch> => {
        const again = (await store.rematchOf(row.id))!;
        if (again.status === MatchStatus.INVITED && again.inviter_id !== user.id)
          return view(await start(game, again, again.yellow_id!), user.id);
        return view(again, user.id);
      };
      if (await store.rematchOf(row.id)) return offered();
      const now = clock();
      const made = await deps.unitOfWork(async (trx, after) => {
        const id = await store.insert(trx, {
          game_id: game.id,
          red_id: row.yellow_id!,
          yellow_id: row.red_id,
          inviter_id: user.id,
          status: MatchStatus.INVITED,
          clock_ms: row.clock_ms,
          increment_ms: row.increment_ms,
          red_ms: row.clock_ms,
          yellow_ms: row.clock_ms,
          rematch_of: row.id,
          created_at: now,
          updated_at: now,
        });
        if (id === undefined) return undefined; // the opponent's offer landed first
        const again = (await store.byId(id, trx))!;
        await tell(trx, after, again);
        await tell(trx, after, row); // the finished match now names its rematch
        return again;
      });
      return made ? view(made, user.id) : offered();
    },
  };
}
export type CuatroUseCases = ReturnType<typeof cuatroUseCases>;
