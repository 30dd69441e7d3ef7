/**
 * Hand ordering of one's friends (buddy/setBuddyPosition.do): pinned friends carry positions
 * 1, 2, 3... and come first in "my order"; 0 means not pinned. The server stores each position as
 * given, so a move renumbers the pinned friends and sends only the positions that changed.
 */
/** A friend as the list has them (the User's uid and buddyPosition: 0 or absent when not pinned). */
export interface Placed {
  uid: number;
  buddyPosition?: number;
}

export interface PositionChange {
  uid: number;
  position: number;
}

/** Pinned friends' ids in their order (ties keep the list's order). */
export function pinnedOrder(friends: readonly Placed[]): number[] {
  return friends
    .map((friend, index) => ({ friend, index }))
    .filter(({ friend }) => (friend.buddyPosition ?? 0) > 0)
    .sort((a, b) => (a.friend.buddyPosition ?? 0) - (b.friend.buddyPosition ?? 0) || a.index - b.index)
    .map(({ friend }) => friend.uid);
}

/**
 * The writes that put `uid` at `index` among the pinned friends (clamped; past the end appends,
 * so pinning is `placeAt(friends, uid, Infinity)`), or unpin it when `index` is null.
 */
export function placeAt(friends: readonly Placed[], uid: number, index: number | null): PositionChange[] {
  const order = pinnedOrder(friends);
  const from = order.indexOf(uid);
  const next = order.filter((id) => id !== uid);
  if (index === null) {
    if (from < 0) return [];
  } else {
    next.splice(Math.max(0, Math.min(index, next.length)), 0, uid);
  }
  const current = new Map(friends.map((f) => [f.uid, f.buddyPosition ?? 0]));
  const changes = next
    .map((id, i) => ({ uid: id, position: i + 1 }))
    .filter((change) => current.get(change.uid) !== change.position);
  return index === null ? [{ uid, position: 0 }, ...changes] : changes;
}

export type Move = 'up' | 'down' | 'pin' | 'unpin';

/** The arrow and pin buttons in terms of placeAt. */
export function move(friends: readonly Placed[], uid: number, how: Move): PositionChange[] {
  const order = pinnedOrder(friends);
  const at = order.indexOf(uid);
  switch (how) {
    case 'pin':
      return at >= 0 ? [] : placeAt(friends, uid, order.length);
    case 'unpin':
      return placeAt(friends, uid, null);
    case 'up':
      return at > 0 ? placeAt(friends, uid, at - 1) : [];
    case 'down':
      return at >= 0 && at < order.length - 1 ? placeAt(friends, uid, at + 1) : [];
  }
}

/**
 * Dragging `uid` onto the row of `target`: it takes the target's place among the pinned friends
 * (after it when moving down, before it when moving up), or joins the end of them when the
 * target is not pinned.
 */
export function dropOn(friends: readonly Placed[], uid: number, target: number): PositionChange[] {
  if (uid === target) return [];
  const order = pinnedOrder(friends);
  const from = order.indexOf(uid);
  const to = order.indexOf(target);
  if (to < 0) return from >= 0 ? [] : placeAt(friends, uid, order.length);
  // Without the dragged friend, index `to` is just after the target when moving down and the
  // target itself when moving up (or when pinning a new friend there).
  return placeAt(friends, uid, to);
}

/**
 * The list as "my order" shows it once `changes` are saved: pinned friends first by position,
 * then the others in the order they had (by name), so a move shows before the server answers.
 */
export function applyPositions<T extends Placed & { name?: string }>(
  friends: readonly T[],
  changes: readonly PositionChange[],
): T[] {
  if (changes.length === 0) return [...friends];
  const moved = new Map(changes.map((c) => [c.uid, c.position]));
  const updated = friends.map((f) => (moved.has(f.uid) ? { ...f, buddyPosition: moved.get(f.uid) } : f));
  const at = (f: T) => f.buddyPosition ?? 0;
  const pinned = updated.filter((f) => at(f) > 0).sort((a, b) => at(a) - at(b));
  const rest = updated.filter((f) => at(f) <= 0);
  // An unpinned friend goes back to its place by name among the others.
  const byName = (f: T) => (f.name ?? '').toLowerCase();
  const unpinned = rest.filter((f) => moved.get(f.uid) === 0);
  const others = rest.filter((f) => moved.get(f.uid) !== 0);
  for (const friend of unpinned) {
    const index = others.findIndex((o) => byName(o).localeCompare(byName(friend)) > 0);
    others.splice(index < 0 ? others.length : index, 0, friend);
  }
  return [...pinned, ...others];
}
