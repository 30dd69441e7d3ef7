import type { Deps } from '../../deps';
import { advancedSearch } from './advanced-search';
import { findByName } from './find-by-name';
import { nearMe } from './near-me';
import { onlineByGender } from './online-by-gender';
import { recommendations } from './recommendations';
import { searchPages } from './search-page';
import { peopleStore } from './store';
import type { PeopleUseCases } from './use-cases';

// What other code asks of people's search: buddies and feed compose "near me" into their own
// lists; tools/bench/search.ts runs and explains a search's statements.
export { advancedPlan } from './search-plan';
export { pageStatements } from './search-store';
export { near } from './search-terms-store';

/** The member searches, one use case each, assembled for routes.ts. */
export function searchUseCases(deps: Deps, people: PeopleUseCases) {
  const page = searchPages(deps);
  const store = peopleStore(deps.db);
  return {
    advanced: advancedSearch(deps, page),
    byName: findByName(page),
    nearMe: nearMe(page),
    onlineByGender: onlineByGender(deps, page),
    recommendations: recommendations(deps, { byIds: store.byIds, present: people.present }),
  };
}
