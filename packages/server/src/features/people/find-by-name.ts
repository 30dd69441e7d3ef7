import { SearchSortBy } from '@tertulia/contract';
import type { UserRow } from '../../http/context';
import type { SearchPage } from './search-page';
import { type PageParams, searchPlan } from './search-plan';

/** user/findUsersByName.do: members whose name starts with `name`, alphabetically. */
export function findByName(page: SearchPage) {
  return (viewer: UserRow, name: string, p: PageParams) =>
    page(viewer, searchPlan({ userName: name }, viewer), SearchSortBy.NAME_ASC, p);
}
