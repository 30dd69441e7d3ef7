import type { CuatroMatch } from '@tertulia/contract';
import type { Deps } from '../../../deps';
import type { AfterCommit } from '../../../effects/unit-of-work';
import { ApiError, forbidden, notFound } from '../../../http/errors';
import type { MessageKey } from '../../../i18n/messages';
import { socialGraph } from '../../../policy/graph';
import type { GameRow } from '../catalogue-store';
import { cuatroFeed } from './cuatro-feed';
import { publishMatch } from './cuatro-live';
import { type CuatroMatchRow, cuatroStore, type Ending, MatchStatus } from './cuatro-store';
import { clocksAt, type MemberLine, matchView, turnOf } from './cuatro-view';

type Db = Deps['db'];

export const conflict = (key: MessageKey) => new ApiError('ApiConflictException', key);

/**
 * What Cuatro's use cases (cuatro-matches.ts) share: reading a match and showing it, telling its
 * players and spectators, settling a fallen flag and starting a match, each a conditional write.
 */
export function cuatroMatchKit(deps: Pick<Deps, 'db' | 'unitOfWork' | 'feedLog'>, clock: () => number) {
  const store = cuatroStore(deps.db);
  const graph = socialGraph(deps.db);
  const feed = cuatroFeed(deps.feedLog, store);

  /** Rows as the wire shows them; `q` is the transaction when called inside one (SQLite waits otherwise). */
  async function views(rows: CuatroMatchRow[], viewerId: number, q: Db = deps.db): Promise<CuatroMatch[]> {
    const ids = [...new Set(rows.flatMap((r) => [r.red_id, r.yellow_id ?? 0]).filter(Boolean))];
    const members = new Map<number, MemberLine>((await store.members(ids, q)).map((m) => [m.id, m]));
    const now = clock();
    const out: CuatroMatch[] = [];
    for (const row of rows) {
      const rematch = row.status === MatchStatus.FINISHED ? await store.rematchOf(row.id, q) : undefined;
      out.push(matchView(row, members, viewerId, now, rematch?.id));
    }
    return out;
  }
  const view = async (row: CuatroMatchRow, viewerId: number, q: Db = deps.db) =>
    (await views([row], viewerId, q))[0];

  async function load(game: GameRow, matchId: number): Promise<CuatroMatchRow> {
    const row = await store.byId(matchId);
    if (!row || row.game_id !== game.id) throw notFound('cuatro.notFound');
    return row;
  }

  /** The match to its players and current spectators (read after commit: inside, SQLite would wait). */
  async function tell(trx: Db, after: AfterCommit, row: CuatroMatchRow) {
    const players = [row.red_id, ...(row.yellow_id ? [row.yellow_id] : [])];
    const to = async () => [...new Set([...players, ...(await store.watchers(row.id, clock()))])];
    publishMatch(after, to, row.game_id, await view(row, 0, trx));
  }

  /** Ends a running match whose player to move ran out of time; returns the row as it now is. */
  async function settleFlag(game: GameRow, row: CuatroMatchRow): Promise<CuatroMatchRow> {
    if (row.status !== MatchStatus.PLAYING) return row;
    const now = clock();
    const clocks = clocksAt(row, now);
    const mover = turnOf(row);
    if ((mover === 1 ? clocks.red : clocks.yellow) > 0) return row;
    const ending: Ending = { result: mover === 1 ? 2 : 1, reason: 'flag' };
    await deps.unitOfWork(async (trx, after) => {
      const next = { moves: row.moves, red_ms: clocks.red, yellow_ms: clocks.yellow, turn_started_at: now };
      if (!(await store.advance(trx, row, next, ending, now))) return;
      const done = (await store.byId(row.id, trx))!;
      await feed(trx, game, done, now);
      await tell(trx, after, done);
    });
    return (await store.byId(row.id))!;
  }

  /** Starts a match (the invitee or a taker said yes) in one conditional write. */
  async function start(game: GameRow, row: CuatroMatchRow, takerId: number) {
    const now = clock();
    return deps.unitOfWork(async (trx, after) => {
      if (!(await store.start(trx, row, takerId, now))) throw conflict('cuatro.notWaiting');
      const started = (await store.byId(row.id, trx))!;
      await feed(trx, game, started, now);
      await tell(trx, after, started);
      return started;
    });
  }

  async function refuseAcrossBlock(a: number, b: number, key: MessageKey) {
    if (await graph.blockedEitherWay(a, b)) throw forbidden(key);
  }

  return { store, graph, feed, views, view, load, tell, settleFlag, start, refuseAcrossBlock };
}
export type CuatroMatchKit = ReturnType<typeof cuatroMatchKit>;
