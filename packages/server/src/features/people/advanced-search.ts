import type { Deps } from '../../deps';
import type { UserRow } from '../../http/context';
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
    const { page: pageNo, limit, useStoredParams, ...given } = params;
    let filters = dropEmpty(given);
    if (useStoredParams) {
      const stored = await store.storedSearch(viewer.id);
      if (stored) filters = { ...(JSON.parse(stored) as Partial<SearchParams>), ...filters };
    }
    // Remembered for useStoredParams, beside the search rather than before it.
    const remember = Object.keys(filters).length
      ? store.rememberSearch(viewer.id, JSON.stringify(filters), Date.now())
      : undefined;
    const { plan, sort } = advancedPlan(viewer, filters);
    const [result] = await Promise.all([
      page(viewer, plan, sort, { page: pageNo, limit }, filters.totalLimit),
      remember,
    ]);
    return result;
  };
}
