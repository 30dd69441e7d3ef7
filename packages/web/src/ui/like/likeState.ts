/** The like pop animation lasts 1000 ms. */
export const LIKE_POP_MS = 1000;

export interface LikeState {
  liked: boolean;
  count: number;
}

/** Not liked -> liked: count plus one. Liked -> not liked: count minus one, never below zero. */
export function toggleLike(state: LikeState): LikeState {
  return state.liked
    ? { liked: false, count: Math.max(0, state.count - 1) }
    : { liked: true, count: state.count + 1 };
}

/** The count is hidden at zero. */
export function countVisible(state: LikeState): boolean {
  return state.count > 0;
}
