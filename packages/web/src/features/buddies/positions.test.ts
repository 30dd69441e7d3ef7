import { describe, expect, it } from 'vitest';
import { applyPositions, dropOn, move, pinnedOrder, placeAt } from './positions';

// ana and bea pinned (2, then 5: positions may have gaps), the rest by name.
const friends = [
  { uid: 1, name: 'ana', buddyPosition: 2 },
  { uid: 2, name: 'bea', buddyPosition: 5 },
  { uid: 3, name: 'carla' },
  { uid: 4, name: 'dani', buddyPosition: 0 },
];

describe('hand ordering of friends', () => {
  it('reads the pinned order from the positions', () => {
    expect(pinnedOrder(friends)).toEqual([1, 2]);
    expect(
      pinnedOrder([
        { uid: 9, buddyPosition: 3 },
        { uid: 8, buddyPosition: 1 },
      ]),
    ).toEqual([8, 9]);
  });

  it('pinning appends; moves renumber 1, 2, 3 and send only what changed', () => {
    expect(move(friends, 3, 'pin')).toEqual([
      { uid: 1, position: 1 },
      { uid: 2, position: 2 },
      { uid: 3, position: 3 },
    ]);
    // ana already holds 2 once bea takes 1: one write.
    expect(move(friends, 2, 'up')).toEqual([{ uid: 2, position: 1 }]);
    expect(move(friends, 1, 'down')).toEqual([{ uid: 2, position: 1 }]);
    const tidy = [
      { uid: 1, buddyPosition: 1 },
      { uid: 2, buddyPosition: 2 },
      { uid: 3, buddyPosition: 3 },
    ];
    expect(move(tidy, 3, 'up')).toEqual([
      { uid: 3, position: 2 },
      { uid: 2, position: 3 },
    ]);
  });

  it('unpinning sends 0 and closes the gap', () => {
    expect(move(friends, 1, 'unpin')).toEqual([
      { uid: 1, position: 0 },
      { uid: 2, position: 1 },
    ]);
  });

  it('moves that go nowhere send nothing', () => {
    expect(move(friends, 1, 'up')).toEqual([]);
    expect(move(friends, 2, 'down')).toEqual([]);
    expect(move(friends, 3, 'up')).toEqual([]);
    expect(move(friends, 3, 'unpin')).toEqual([]);
    expect(move(friends, 1, 'pin')).toEqual([]);
    expect(placeAt(friends, 2, 99)).toEqual([
      { uid: 1, position: 1 },
      { uid: 2, position: 2 },
    ]);
  });

  it('dragging onto a row takes its place: after it going down, before it going up', () => {
    const three = [
      { uid: 1, buddyPosition: 1 },
      { uid: 2, buddyPosition: 2 },
      { uid: 3, buddyPosition: 3 },
      { uid: 4 },
    ];
    expect(dropOn(three, 1, 3)).toEqual([
      { uid: 2, position: 1 },
      { uid: 3, position: 2 },
      { uid: 1, position: 3 },
    ]);
    expect(dropOn(three, 3, 1)).toEqual([
      { uid: 3, position: 1 },
      { uid: 1, position: 2 },
      { uid: 2, position: 3 },
    ]);
    // An unpinned friend dropped on a pinned one is pinned there.
    expect(dropOn(three, 4, 2)).toEqual([
      { uid: 4, position: 2 },
      { uid: 2, position: 3 },
      { uid: 3, position: 4 },
    ]);
    // Onto an unpinned row: a new friend joins the pinned ones at the end; a pinned one stays.
    expect(dropOn(three, 4, 4)).toEqual([]);
    expect(dropOn([...three, { uid: 5 }], 5, 4)).toEqual([{ uid: 5, position: 4 }]);
    expect(dropOn(three, 1, 4)).toEqual([]);
  });

  it('shows the new order before the server answers', () => {
    const shown = applyPositions(friends, move(friends, 3, 'pin'));
    expect(shown.map((f) => [f.uid, f.buddyPosition ?? 0])).toEqual([
      [1, 1],
      [2, 2],
      [3, 3],
      [4, 0],
    ]);
    const unpinned = applyPositions(friends, move(friends, 1, 'unpin'));
    expect(unpinned.map((f) => f.name)).toEqual(['bea', 'ana', 'carla', 'dani']);
  });
});
