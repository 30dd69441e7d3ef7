/** Infinite scroll is checked every 200 ms. */
export const INFINITE_CHECK_MS = 200;
export const INFINITE_THRESHOLD_PX = 500;

export interface ScrollMetrics {
  scrollTop: number;
  scrollHeight: number;
  clientHeight: number;
}

/** Load more when what is left below is under the threshold or under half the container. */
export function shouldLoadMore(m: ScrollMetrics, threshold = INFINITE_THRESHOLD_PX): boolean {
  const remaining = m.scrollHeight - m.scrollTop - m.clientHeight;
  return remaining < threshold || remaining < m.clientHeight / 2;
}
