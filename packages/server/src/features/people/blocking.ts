import type { User } from '@tertulia/contract';
import type { Deps } from '../../deps';
import type { UserRow } from '../../http/context';
import { invalid, notFound } from '../../http/errors';
import { socialGraph } from '../../policy/graph';
import type { MemberViews } from './members';
import type { PeopleStore } from './store';

/**
 * user/blockUser.do, unblockUser.do, getBlockedUsers.do. The block rows are written by people's
 * store; what a block means everywhere is policy/graph.ts's.
 */
export function blocking(deps: Pick<Deps, 'db'>, store: PeopleStore, members: Pick<MemberViews, 'present'>) {
  const graph = socialGraph(deps.db);
  return {
    async block(viewer: UserRow, userId: number): Promise<boolean> {
      if (userId === viewer.id) throw invalid('userId', 'people.selfBlock');
      const target = await store.byId(userId);
      if (!target) throw notFound('people.notFound');
      await store.block(viewer.id, userId, Date.now());
      return true;
    },

    async unblock(viewer: UserRow, userId: number): Promise<boolean> {
      await store.unblock(viewer.id, userId);
      return true;
    },

    async blockedUsers(viewer: UserRow, page: number, pageSize: number): Promise<User[]> {
      return members.present(viewer, await graph.blockedRows(viewer.id, (page - 1) * pageSize, pageSize));
    },
  };
}
