import type { User } from '@tertulia/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { UserRow } from '../../http/context';
import { invalid, notFound } from '../../http/errors';
import { socialGraph } from '../../policy/graph';
import { isHidden } from '../../policy/standing';
import { photoReadStore } from './photo-read-store';
import { minimalUser } from './present';
import { unlockStore } from './unlock-store';

/**
 * The owner's per-member backstage unlocks. policy/photos.ts reads them on every path (lists,
 * the photo page, the feed's cards, likes, comments and the image URL, which for a backstage
 * photo is checked on every request, so a lock takes effect at once).
 */
export function backstageUnlocks(db: Kysely<Database>) {
  const store = unlockStore(db);
  const people = photoReadStore(db);
  const graph = socialGraph(db);

  /** The member to unlock for, if they are there for the owner (a block either way: 404). */
  async function member(owner: UserRow, userId: number): Promise<UserRow> {
    if (userId === owner.id) throw invalid('userId', 'photos.unlockSelf');
    const row = await people.user(userId);
    if (!row || isHidden(row) || (await graph.blockedEitherWay(owner.id, row.id))) {
      throw notFound('people.notFound');
    }
    return row;
  }

  return {
    async unlock(owner: UserRow, p: { userId: number }): Promise<boolean> {
      const row = await member(owner, p.userId);
      await store.unlockBackstage(owner.id, row.id, Date.now());
      return true;
    },

    async lock(owner: UserRow, p: { userId: number }): Promise<boolean> {
      if (!(await store.lockBackstage(owner.id, p.userId))) throw notFound('people.notFound');
      return true;
    },

    async list(owner: UserRow, p: { page?: number; limit?: number }): Promise<User[]> {
      const limit = p.limit ?? 50;
      const rows = await store.unlockedMembers(owner.id, ((p.page ?? 1) - 1) * limit, limit);
      return rows.map(minimalUser);
    },
  };
}
