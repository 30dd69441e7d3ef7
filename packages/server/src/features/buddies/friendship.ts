import { FeedEventType, NotificationKind } from '@tertulia/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Deps } from '../../deps';
import type { AfterCommit } from '../../effects/unit-of-work';
import { notFound } from '../../http/errors';
import { recordFeedEvent } from '../feed/events';
import { notificationUseCases } from '../notifications/notices';
import { buddyStore } from './store';

type Member = { id: number };

/**
 * Starting and ending friendships. Starting one writes, in one transaction, the friendship both
 * ways, the answer to any request between the two, the accepter's feed event and the sender's
 * stored notice; the notice is pushed after commit (docs/architecture.md, "Effects after commit").
 */
export function friendshipUseCases(deps: Pick<Deps, 'db' | 'effects' | 'unitOfWork'>) {
  const notices = notificationUseCases(deps);

  /** Inside `trx`: everything a new friendship writes; its notice is pushed after commit. */
  async function befriendIn(
    trx: Kysely<Database>,
    after: AfterCommit,
    accepter: Member,
    sender: Member,
    now: number,
  ): Promise<void> {
    await buddyStore(trx).befriend(trx, accepter.id, sender.id, now);
    await recordFeedEvent(trx, {
      type: FeedEventType.BUDDY_ACCEPTED,
      userId: accepter.id,
      properties: { 'source.user': accepter.id, 'target.user': sender.id },
      now,
    });
    // Stored, so it is in the sender's notification list too.
    const notice = await notices.create(
      trx,
      {
        userId: sender.id,
        kind: NotificationKind.BUDDY_ACCEPTED,
        actorId: accepter.id,
        url: `/html/profile-view.jsp?user=${accepter.id}`,
      },
      now,
    );
    // Never fails the committed friendship (notifications/notices.ts).
    after.run(() => notices.deliver([notice]));
  }

  return {
    befriendIn,

    /**
     * Makes two members friends; with `requestId`, only if that request to the accepter is still
     * pending (false when another answer got there first).
     */
    async befriend(accepter: Member, sender: Member, requestId?: number): Promise<boolean> {
      const now = Date.now();
      const store = buddyStore(deps.db);
      return deps.unitOfWork(async (trx, after) => {
        if (
          requestId !== undefined &&
          (await store.answer(trx, requestId, accepter.id, 'accepted', now)) === undefined
        )
          return false;
        await befriendIn(trx, after, accepter, sender, now);
        return true;
      });
    },

    async unfriend(viewer: Member, friendId: number): Promise<boolean> {
      if ((await buddyStore(deps.db).unfriend(viewer.id, friendId)) === 0)
        throw notFound('buddies.notFriends');
      return true;
    },
  };
}

export type FriendshipUseCases = ReturnType<typeof friendshipUseCases>;
