import { Gender, SearchSortBy, type User } from '@tertulia/contract';
import { idsParameter } from '../../db/id-list';
import type { Deps } from '../../deps';
import type { UserRow } from '../../http/context';
import type { SearchPage, SearchResultPage } from './search-page';
import type { PageParams, SearchPlan } from './search-plan';

/** How many online members (from presence) a search looks among at most. */
const ONLINE_SCAN = 5000;

/** user/findOnlineUsersByGender.do: online now, from presence; invisible members never count as online. */
export function onlineByGender(deps: Pick<Deps, 'db' | 'presence'>, page: SearchPage) {
  return async (viewer: UserRow, male: boolean, p: PageParams): Promise<SearchResultPage> => {
    const online = await deps.presence.onlineUserIds(ONLINE_SCAN);
    if (online.length === 0) return { searchResults: [] as User[], totalNumberResults: 0 };
    const plan: SearchPlan = {
      shape: 'online,gender',
      values: [idsParameter(deps.db, online), male ? Gender.MALE : Gender.FEMALE],
    };
    return page(viewer, plan, SearchSortBy.LAST_ACCESS_DESC, p);
  };
}
