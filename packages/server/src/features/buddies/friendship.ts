import { FeedEventType, NotificationKind } from '@tertulia/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Deps } from '../../deps';
import { notFound } from '../../http/errors';
import { recordFeedEvent } from '../feed/events';
import { notificationService } from '../notifications/notices';
import { buddyStore } from './store';

type Member = { id: number };

/**
 * Starting and ending friendships. Starting one writes, in one transaction, the friendship both
 * ways, the answer to any request between the two, the accepter's feed event and the sender's
 * stored notice; the notice is pushed after commit (docs/architecture.md, "Effects after commit").
 */
export function friendshipUseCases(deps: Pick<Deps, 'db' | 'effects'>) {
  const notices = notificationService(deps);

  /** Inside `trx`: everything a new friendship writes. Returns the stored notice to deliver, if any. */
  async function befriendIn(
    trx: Kysely<Database>,
    accepter: Member,
    sender: Member,
    now: number,
  ): Promise<number | undefined> {
    await buddyStore(trx).befriend(trx, accepter.id, sender.id, now);
    await recordFeedEvent(trx, {
      type: FeedEventType.BUDDY_ACCEPTED,
      userId: accepter.id,
      properties: { 'source.user': accepter.id, 'target.user': sender.id },
      now,
    });
    // Stored, so it is in the sender's notification list too.
    return notices.create(
      trx,
      {
        userId: sender.id,
        kind: NotificationKind.BUDDY_ACCEPTED,
        actorId: accepter.id,
        url: `/html/profile-view.jsp?user=${accepter.id}`,
      },
      now,
    );
  }

  /** Pushes a notice befriendIn stored, once its transaction committed. */
  async function deliver(notice: number | undefined): Promise<void> {
    // Never fails the committed friendship (notifications/notices.ts).
    if (notice !== undefined) await notices.deliver([notice]);
  }

  return {
    befriendIn,
    deliver,

    /**
     * Makes two members friends; with `requestId`, only if that request to the accepter is still
     * pending (false when another answer got there first).
     */
    async befriend(accepter: Member, sender: Member, requestId?: number): Promise<boolean> {
      const now = Date.now();
      const store = buddyStore(deps.db);
      const done = await deps.db.transaction().execute(async (trx) => {
        if (
          requestId !== undefined &&
          (await store.answer(trx, requestId, accepter.id, 'accepted', now)) === undefined
        )
          return undefined;
        return { notice: await befriendIn(trx, accepter, sender, now) };
      });
      if (done) await deliver(done.notice);
      return done !== undefined;
    },

    async unfriend(viewer: Member, friendId: number): Promise<boolean> {
      if ((await buddyStore(deps.db).unfriend(viewer.id, friendId)) === 0)
        throw notFound('buddies.notFriends');
      return true;
    },
  };
}

export type FriendshipUseCases = ReturnType<typeof friendshipUseCases>;
