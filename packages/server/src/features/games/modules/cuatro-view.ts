import type { CuatroMatch } from '@tertulia/contract';
import { decodeMoves } from './cuatro-rules';
import { type CuatroMatchRow, MatchStatus } from './cuatro-store';

export interface MemberLine {
  id: number;
  name: string;
  image1: string | null;
}

/** Whose move it is: red (1) on an even number of moves. */
export const turnOf = (row: Pick<CuatroMatchRow, 'moves'>): 1 | 2 => (row.moves.length % 2 === 0 ? 1 : 2);

/** The caller's side in a match: 1 red, 2 yellow, 0 neither. */
export const sideOf = (row: Pick<CuatroMatchRow, 'red_id' | 'yellow_id'>, userId: number): 0 | 1 | 2 =>
  row.red_id === userId ? 1 : row.yellow_id === userId ? 2 : 0;

/** The clocks now: the player to move has used the time since their turn started. */
export function clocksAt(row: CuatroMatchRow, now: number) {
  let red = Number(row.red_ms);
  let yellow = Number(row.yellow_ms);
  if (row.status === MatchStatus.PLAYING) {
    const used = Math.max(0, now - Number(row.turn_started_at));
    if (turnOf(row) === 1) red -= used;
    else yellow -= used;
  }
  return { red: Math.max(0, red), yellow: Math.max(0, yellow) };
}

/** The match as the wire carries it (contract CuatroMatch). */
export function matchView(
  row: CuatroMatchRow,
  members: Map<number, MemberLine>,
  viewerId: number,
  now: number,
  rematchId?: number,
): CuatroMatch {
  const person = (id: number) => {
    const m = members.get(id);
    return { uid: id, name: m?.name ?? '', ...(m?.image1 ? { image1: m.image1 } : {}) };
  };
  const clocks = clocksAt(row, now);
  return {
    id: row.id,
    gameId: row.game_id,
    red: person(row.red_id),
    ...(row.yellow_id ? { yellow: person(row.yellow_id) } : {}),
    inviterId: row.inviter_id,
    status: row.status,
    moves: decodeMoves(row.moves),
    turn: turnOf(row),
    version: row.version,
    clockMs: row.clock_ms,
    incrementMs: row.increment_ms,
    redMs: clocks.red,
    yellowMs: clocks.yellow,
    serverTime: now,
    ...(row.result !== null ? { result: row.result } : {}),
    ...(row.end_reason ? { endReason: row.end_reason } : {}),
    ...(rematchId ? { rematchId } : {}),
    you: sideOf(row, viewerId),
  };
}
