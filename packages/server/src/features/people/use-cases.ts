import type { Deps } from '../../deps';
import { blocking } from './blocking';
import { memberViews } from './members';
import { moderation } from './moderation';
import { ownSettings } from './own-settings';
import { peopleStore } from './store';
import { verification } from './verification';
import { profileVisits } from './visits';

/**
 * People's use cases assembled for routes.ts and for the features that show members
 * (`visible`, `present`, `requireVerified`): each group lives in its own file.
 */
export function peopleUseCases(deps: Deps) {
  const store = peopleStore(deps.db);
  const members = memberViews(deps, store);
  return {
    ...members,
    ...ownSettings(deps, store),
    ...profileVisits(deps, store, members),
    ...blocking(deps, store, members),
    ...moderation(deps, store, members),
    ...verification(deps, store),
  };
}

export type PeopleUseCases = ReturnType<typeof peopleUseCases>;
