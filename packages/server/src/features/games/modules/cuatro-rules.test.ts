import { describe, expect, it } from 'vitest';
import {
  CELLS,
  COLUMNS,
  decodeMoves,
  drop,
  emptyPosition,
  encodeMoves,
  legalColumns,
  type Position,
  replay,
  suggestMove,
} from './cuatro-rules';

const play = (moves: number[]): Position => {
  const p = replay(moves);
  if (!p) throw new Error(`illegal sequence ${moves}`);
  return p;
};

describe('cuatro en raya rules', () => {
  it('drops discs to the lowest free row and alternates turns', () => {
    const p = play([3, 3]);
    expect(p.board[5 * COLUMNS + 3]).toBe(1);
    expect(p.board[4 * COLUMNS + 3]).toBe(2);
    expect(p.turn).toBe(1);
    expect(p.result).toBeNull();
  });

  it('finds wins in a row, a column and both diagonals', () => {
    expect(play([0, 0, 1, 1, 2, 2, 3]).result).toBe(1); // row
    expect(play([0, 1, 0, 1, 0, 1, 0]).result).toBe(1); // column
    expect(play([0, 1, 1, 2, 2, 3, 2, 3, 3, 6, 3]).result).toBe(1); // diagonal up-right
    const anti = play([3, 2, 2, 1, 1, 0, 1, 0, 0, 6, 0]);
    expect(anti.result).toBe(1); // diagonal up-left
    expect(anti.line).toHaveLength(4);
    expect(play([6, 0, 6, 1, 6, 2, 5, 3]).result).toBe(2); // yellow wins too
  });

  it('a full board without a line is a draw', () => {
    // Columns filled in pairs shifted so no four line up: a known drawn filling.
    const order = [0, 1, 0, 1, 0, 1, 1, 0, 1, 0, 1, 0, 2, 3, 2, 3, 2, 3, 3, 2, 3, 2, 3, 2];
    const rest = [4, 5, 4, 5, 4, 5, 5, 4, 5, 4, 5, 4, 6, 6, 6, 6, 6, 6];
    const p = play([...order, ...rest]);
    expect(p.moves).toHaveLength(CELLS);
    expect(p.result).toBe(0);
    expect(legalColumns(p)).toEqual([]);
  });

  it('refuses a full column, a column off the board and any move after the end', () => {
    const full = play([2, 2, 2, 2, 2, 2]);
    expect(drop(full, 2)).toBe('full');
    expect(drop(emptyPosition(), 7)).toBe('column');
    expect(drop(emptyPosition(), -1)).toBe('column');
    expect(drop(emptyPosition(), 1.5)).toBe('column');
    const won = play([0, 1, 0, 1, 0, 1, 0]);
    expect(drop(won, 4)).toBe('finished');
    expect(replay([0, 1, 0, 1, 0, 1, 0, 4])).toBeNull();
    expect(replay([9])).toBeNull();
  });

  it('stores moves as digits and replays them to the same position', () => {
    const moves = [3, 4, 3, 2, 6];
    expect(decodeMoves(encodeMoves(moves))).toEqual(moves);
    expect(replay(decodeMoves('34326'))).toEqual(play(moves));
  });

  it('the suggested move wins when it can and blocks when it must', () => {
    expect(suggestMove(play([0, 6, 1, 6, 2, 5]), () => 0.5)).toBe(3); // red wins on 3
    expect(suggestMove(play([0, 6, 1, 6, 2]), () => 0.5)).toBe(3); // yellow blocks 3
    expect(legalColumns(emptyPosition())).toContain(suggestMove(emptyPosition()));
  });
});
