import type { Deps } from '../../deps';
import type { UserRow } from '../../http/context';
import { forbidden } from '../../http/errors';
import type { SearchPage } from './search-page';
import { advancedPlan, dropEmpty, type SearchParams } from './search-plan';
import { searchStore } from './search-store';

/**
 * user/getAdvancedUserSearch.do: every filter of the search form; the filters are remembered for
 * useStoredParams, which starts from the last search and lays the given filters over it.
 */
export function advancedSearch(deps: Pick<Deps, 'db'>, page: SearchPage) {
  const store = searchStore(deps.db);
  return async (viewer: UserRow, params: SearchParams) => {
    const { page: pageNo, limit, useStoredParams, email, includeAdminFlagged, ...given } = params;
    // Said plainly rather than ignored, so nobody believes they searched by an address.
    const adminOnly = dropEmpty({ email, includeAdminFlagged: includeAdminFlagged || undefined });
    if (Object.keys(adminOnly).length && !viewer.is_admin) throw forbidden('people.adminOnlySearch');
    let filters = dropEmpty(given);
    if (useStoredParams) {
      const stored = await store.storedSearch(viewer.id);
      if (stored) filters = { ...(JSON.parse(stored) as Partial<SearchParams>), ...filters };
    }
    // Remembered for useStoredParams, beside the search rather than before it; the admin-only
    // filters are never remembered, so a stored search never carries them to anyone.
    const remember = Object.keys(filters).length
      ? store.rememberSearch(viewer.id, JSON.stringify(filters), Date.now())
      : undefined;
    const { plan, sort } = advancedPlan(viewer, { ...filters, ...adminOnly });
    const [result] = await Promise.all([
      page(viewer, plan, sort, { page: pageNo, limit }, filters.totalLimit),
      remember,
    ]);
    return result;
  };
}
