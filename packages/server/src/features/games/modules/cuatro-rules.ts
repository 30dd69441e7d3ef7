/**
 * Cuatro en raya (four in a row): pure rules, bundled by the game's client too (docs/cuatro.md).
 * Imports nothing. A match is its list of moves (the columns dropped into, in order); the board
 * is replayed from it, so the server stores a short string and both sides judge a move alike.
 * Player 1 (red) moves first; the players alternate.
 */
export const COLUMNS = 7;
export const ROWS = 6;
export const CELLS = COLUMNS * ROWS;
/** Discs in a line that win. */
export const LINE = 4;

/** 0 empty, 1 red (first player), 2 yellow. */
export type Cell = 0 | 1 | 2;
export type Player = 1 | 2;

export interface Position {
  /** Row-major from the top: board[row * COLUMNS + column]; row 0 is the top row. */
  board: Cell[];
  /** Whose move it is; meaningless once `result` is set. */
  turn: Player;
  moves: number[];
  /** null while playing; 1 or 2 the winner; 0 a draw (the board is full). */
  result: 0 | Player | null;
  /** The winning line's cells, when there is one (the client lights them). */
  line: number[];
}

export type DropRefusal = 'finished' | 'column' | 'full';

export function emptyPosition(): Position {
  return { board: new Array<Cell>(CELLS).fill(0), turn: 1, moves: [], result: null, line: [] };
}

/** The row a disc dropped in `column` lands on, or -1 when the column is full. */
export function landingRow(board: Cell[], column: number): number {
  for (let row = ROWS - 1; row >= 0; row--) if (board[row * COLUMNS + column] === 0) return row;
  return -1;
}

/** The winning line through `cell` for its owner, or [] (checks the four directions). */
export function lineThrough(board: Cell[], cell: number): number[] {
  const who = board[cell];
  if (!who) return [];
  const row0 = Math.floor(cell / COLUMNS);
  const col0 = cell % COLUMNS;
  for (const [dr, dc] of [
    [0, 1],
    [1, 0],
    [1, 1],
    [1, -1],
  ]) {
    const cells = [cell];
    for (const sign of [1, -1]) {
      let r = row0 + dr * sign;
      let c = col0 + dc * sign;
      while (r >= 0 && r < ROWS && c >= 0 && c < COLUMNS && board[r * COLUMNS + c] === who) {
        cells.push(r * COLUMNS + c);
        r += dr * sign;
        c += dc * sign;
      }
    }
    if (cells.length >= LINE) return cells.sort((a, b) => a - b);
  }
  return [];
}

/** The position after the player to move drops a disc in `column`, or why it cannot be. */
export function drop(position: Position, column: number): Position | DropRefusal {
  if (position.result !== null) return 'finished';
  if (!Number.isInteger(column) || column < 0 || column >= COLUMNS) return 'column';
  const row = landingRow(position.board, column);
  if (row < 0) return 'full';
  const board = position.board.slice();
  const cell = row * COLUMNS + column;
  board[cell] = position.turn;
  const moves = [...position.moves, column];
  const line = lineThrough(board, cell);
  const result = line.length ? position.turn : moves.length === CELLS ? 0 : null;
  return { board, turn: position.turn === 1 ? 2 : 1, moves, result, line };
}

/** Replays a list of moves; null when one of them is not legal (a stored match never is). */
export function replay(moves: readonly number[]): Position | null {
  let position = emptyPosition();
  for (const column of moves) {
    const next = drop(position, column);
    if (typeof next === 'string') return null;
    position = next;
  }
  return position;
}

/** Moves as stored: one digit per move ("3344"). */
export const encodeMoves = (moves: readonly number[]) => moves.join('');
export const decodeMoves = (text: string) => [...text].map(Number);

/** Columns the player to move may drop into (none once the match is over). */
export function legalColumns(position: Position): number[] {
  if (position.result !== null) return [];
  const out: number[] = [];
  for (let c = 0; c < COLUMNS; c++) if (position.board[c] === 0) out.push(c);
  return out;
}

/**
 * A modest opponent for the demo bot and the practice board: wins when it can, blocks the
 * opponent's win, avoids handing one over, else prefers the centre. `random` picks among equals.
 */
export function suggestMove(position: Position, random: () => number = Math.random): number {
  const legal = legalColumns(position);
  if (!legal.length) return -1;
  const me = position.turn;
  const wins = (p: Position, c: number) => {
    const n = drop(p, c);
    return typeof n !== 'string' && n.result !== null && n.result !== 0;
  };
  const winning = legal.find((c) => wins(position, c));
  if (winning !== undefined) return winning;
  const theirs = { ...position, turn: (me === 1 ? 2 : 1) as Player };
  const block = legal.find((c) => wins(theirs, c));
  if (block !== undefined) return block;
  const safe = legal.filter((c) => {
    const after = drop(position, c);
    return typeof after !== 'string' && !legalColumns(after).some((o) => wins(after, o));
  });
  const pool = safe.length ? safe : legal;
  const best = Math.min(...pool.map((c) => Math.abs(c - 3)));
  const central = pool.filter((c) => Math.abs(c - 3) <= best + (random() < 0.4 ? 1 : 0));
  return central[Math.floor(random() * central.length)];
}

/** Each player's clock: two minutes, and two seconds back after each move (server's clock). */
export const CLOCK_MS = 120_000;
export const INCREMENT_MS = 2_000;
