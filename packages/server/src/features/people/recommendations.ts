import { Gender, SexualOrientation, type User } from '@tertulia/contract';
import type { Deps } from '../../deps';
import type { UserRow } from '../../http/context';
import { ageOn, MIN_AGE } from './age';
import { birthBound } from './search-plan';
import { searchStore } from './search-store';
import type { ShownRow } from './user-view';

/** How many recently active candidates the scoring looks at. */
const RECOMMENDATION_POOL = 500;

type Candidate = Awaited<ReturnType<ReturnType<typeof searchStore>['recommendationPool']>>[number];

/** The gender the viewer looks for by their orientation; undefined for either. */
function soughtGender(viewer: UserRow): string | undefined {
  if (viewer.sexual_orientation === SexualOrientation.BI) return undefined;
  if (viewer.sexual_orientation === SexualOrientation.GAY) return viewer.gender;
  return viewer.gender === Gender.MALE ? Gender.FEMALE : Gender.MALE;
}

const same = (a: string | null, b: string | null) => !!a && !!b && a.toLowerCase() === b.toLowerCase();

/**
 * user/getRandomFriendRecommendations.do: not friends, not blocked; near and of the sought gender
 * and age first, then at random.
 */
export function recommendations(
  deps: Pick<Deps, 'db'>,
  people: {
    byIds: (ids: number[]) => Promise<UserRow[]>;
    present: (viewer: UserRow, rows: ShownRow[]) => Promise<User[]>;
  },
) {
  const store = searchStore(deps.db);
  return async (viewer: UserRow, size: number): Promise<User[]> => {
    const sought = soughtGender(viewer);
    const age = ageOn(viewer.birth_date, new Date());
    const ageLow = birthBound(Math.max(MIN_AGE, age + 8));
    const ageHigh = birthBound(Math.max(MIN_AGE, age - 7));
    const candidates = await store.recommendationPool(viewer.id, RECOMMENDATION_POOL);
    const score = (c: Candidate) =>
      (same(c.country, viewer.country) ? 1 : 0) +
      (same(c.country, viewer.country) && same(c.state, viewer.state) ? 1 : 0) +
      (same(c.country, viewer.country) && same(c.city, viewer.city) ? 2 : 0) +
      (!sought || c.gender === sought ? 2 : 0) +
      (c.birth_date > ageLow && c.birth_date <= ageHigh ? 1 : 0) +
      Math.random();
    const chosen = candidates
      .map((c) => ({ id: c.id, score: score(c) }))
      .sort((a, b) => b.score - a.score)
      .slice(0, size)
      .map((c) => c.id);
    const byId = new Map((await people.byIds(chosen)).map((r) => [r.id, r]));
    return people.present(
      viewer,
      chosen.map((id) => byId.get(id)).filter((r) => r !== undefined),
    );
  };
}
