/**
 * A key for a call that moves money or points: the server applies one move per key, so a retry of
 * the same click (a lost answer, a double tap) pays once (docs/ledger.md).
 */
export const newIdempotencyKey = (): string =>
  `web-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
