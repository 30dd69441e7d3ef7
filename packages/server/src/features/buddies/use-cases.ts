import type { Deps } from '../../deps';
import type { PeopleUseCases } from '../people/use-cases';
import { friendshipUseCases } from './friendship';
import { inviteUseCases } from './invites';
import { listSettingUseCases } from './list-settings';
import { listUseCases } from './lists';
import { requestUseCases } from './requests';

/** The buddies use cases, assembled for routes.ts; each file takes only what it needs. */
export function buddyUseCases(deps: Deps, people: PeopleUseCases) {
  const friendship = friendshipUseCases(deps);
  return {
    ...requestUseCases(deps, people, friendship),
    ...listUseCases(deps, people),
    ...listSettingUseCases(deps, people),
    ...inviteUseCases(deps, friendship),
    unfriend: friendship.unfriend,
  };
}
