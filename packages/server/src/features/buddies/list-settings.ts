import type { BuddySort } from '@tertulia/contract';
import type { Deps } from '../../deps';
import type { UserRow } from '../../http/context';
import { forbidden, notFound } from '../../http/errors';
import type { PeopleUseCases } from '../people/use-cases';
import { buddyStore } from './store';

/** A member's own list settings: whether it is private, its sort, the friends' positions. */
export function listSettingUseCases(deps: Pick<Deps, 'db'>, people: Pick<PeopleUseCases, 'visible'>) {
  const store = buddyStore(deps.db);

  return {
    async isPrivate(viewer: UserRow, userId?: number): Promise<boolean> {
      const owner = userId && userId !== viewer.id ? await people.visible(viewer, userId) : viewer;
      return owner.buddies_private === 1;
    },

    async setPrivate(viewer: UserRow, value: boolean): Promise<boolean> {
      await store.setPrivate(viewer.id, value);
      return true;
    },

    getSort(viewer: UserRow, userId?: number): string {
      if (userId && userId !== viewer.id) throw forbidden('buddies.ownOnly');
      return viewer.buddy_sort;
    },

    async setSort(viewer: UserRow, sort: BuddySort, userId?: number): Promise<boolean> {
      if (userId && userId !== viewer.id) throw forbidden('buddies.ownOnly');
      await store.setSort(viewer.id, sort);
      return true;
    },

    async setPosition(viewer: UserRow, friendId: number, position: number): Promise<boolean> {
      if (!(await store.setPosition(viewer.id, friendId, position))) throw notFound('buddies.notFriends');
      return true;
    },
  };
}
