import { SearchSortBy } from '@tertulia/contract';
import type { UserRow } from '../../http/context';
import type { SearchPage } from './search-page';
import { type PageParams, searchPlan } from './search-plan';

/** user/findUsersNearMe.do: members in the viewer's place (searchProximity), recently active first. */
export function nearMe(page: SearchPage) {
  return (viewer: UserRow, p: PageParams) =>
    page(viewer, searchPlan({ nearMe: true }, viewer), SearchSortBy.LAST_ACCESS_DESC, p);
}
