import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { UserRow } from '../../http/context';

/** SQL for the members an owner unlocked their backstage photos for. */
export function unlockStore(db: Kysely<Database>) {
  return {
    /** Unlocks once; a second unlock of the same member changes nothing. */
    async unlockBackstage(ownerId: number, memberId: number, now: number): Promise<void> {
      await db
        .insertInto('backstage_unlocks')
        .values({ owner_id: ownerId, member_id: memberId, created_at: now })
        .onConflict((oc) => oc.columns(['owner_id', 'member_id']).doNothing())
        .execute();
    },

    async lockBackstage(ownerId: number, memberId: number): Promise<boolean> {
      const res = await db
        .deleteFrom('backstage_unlocks')
        .where('owner_id', '=', ownerId)
        .where('member_id', '=', memberId)
        .executeTakeFirst();
      return Number(res.numDeletedRows) > 0;
    },

    /** The members the owner unlocked, most recent first. */
    unlockedMembers(ownerId: number, offset: number, limit: number): Promise<UserRow[]> {
      return db
        .selectFrom('backstage_unlocks')
        .innerJoin('users', 'users.id', 'backstage_unlocks.member_id')
        .selectAll('users')
        .where('backstage_unlocks.owner_id', '=', ownerId)
        .orderBy('backstage_unlocks.created_at', 'desc')
        .orderBy('backstage_unlocks.member_id', 'desc')
        .offset(offset)
        .limit(limit)
        .execute();
    },
  };
}
