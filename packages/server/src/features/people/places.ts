import type { UserRow } from '../../http/context';

type Place = Pick<UserRow, 'country' | 'state' | 'city' | 'postal_code'>;

const same = (a: string | null, b: string | null) =>
  !!a && !!b && a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * In-memory twin of the SQL `near()` in search.ts, for lists already loaded (friends):
 * within the viewer's searchProximity, 1 city or postal code, 2 state, 3 country.
 */
export function isNear(viewer: Place & Pick<UserRow, 'search_proximity'>, other: Place): boolean {
  if (!same(viewer.country, other.country)) return false;
  if (viewer.search_proximity >= 3) return true;
  if (viewer.search_proximity === 2 && viewer.state) return same(viewer.state, other.state);
  if (!viewer.city && !viewer.postal_code) return true;
  return same(viewer.city, other.city) || same(viewer.postal_code, other.postal_code);
}
