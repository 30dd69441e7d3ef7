import { randomBytes } from 'node:crypto';
import {
  type BuddyInvite,
  type BuddySort,
  CHURN_DAYS,
  FeedEventType,
  type FriendRequest,
  imageUrl,
  NotificationKind,
  OfflineCategory,
  type User,
} from '@tertulia/contract';
import { sql } from 'kysely';
import type { Deps } from '../../deps';
import type { UserRow } from '../../http/context';
import { ApiError, forbidden, invalid, notFound, rateLimited } from '../../http/errors';
import { isLocale, translate } from '../../i18n/messages';
import { wants } from '../../policy/preferences';
import { recordFeedEvent } from '../feed/events';
import { notificationService } from '../notifications/notices';
import { near } from '../people/search';
import type { PeopleService } from '../people/service';
import { type FriendPageQuery, friendPage } from './friend-list';
import { buddyStore } from './store';

const DAY = 86_400_000;
const INVISIBLE = 1;
// Up to this many members online, a friend list takes them all (one array parameter, the
// database keeps the friends); above it, it lists the friends and asks presence about each.
const ONLINE_LIST_MAX = 1000;
type Page = { page?: number; limit?: number };

const ref = (u: UserRow) => ({ uid: u.id, name: u.name, image1: u.image1 ? imageUrl(u.image1) : undefined });

export function buddyService(deps: Deps, people: PeopleService) {
  const store = buddyStore(deps.db);
  const notices = notificationService(deps);

  async function limit(key: string, max: number, windowMs: number) {
    const decision = await deps.limiter.hit(key, max, windowMs);
    if (!decision.allowed) throw rateLimited(decision.retryAfterMs);
  }

  /** The checks of a request, shared by canSend and send. */
  async function checkRequest(
    sender: UserRow,
    receiverId: number,
    proof: { lastName?: string; phone?: string },
  ) {
    if (receiverId === sender.id) throw invalid('receivingUserId', 'buddies.self');
    const receiver = await people.visible(sender, receiverId);
    if (
      await deps.db
        .selectFrom('blocks')
        .select('blocker_id')
        .where('blocker_id', '=', sender.id)
        .where('blocked_id', '=', receiverId)
        .executeTakeFirst()
    ) {
      throw forbidden('buddies.youBlocked');
    }
    if (await store.areFriends(sender.id, receiverId))
      throw new ApiError('ApiConflictException', 'buddies.alreadyFriends');
    if (await store.pendingBetween(sender.id, receiverId))
      throw new ApiError('ApiConflictException', 'buddies.pending');
    // Members with a private list only take requests from people who say who they are.
    if (receiver.buddies_private && !proof.lastName?.trim() && !proof.phone?.trim()) {
      throw new ApiError('BuddyRequestConfirmationRequiredException', 'buddies.confirm', {
        name: receiver.name,
      });
    }
    return receiver;
  }

  /** Makes two members friends, answers their requests, records the feed event, tells the sender. */
  async function befriend(accepter: UserRow, sender: UserRow, requestId?: number): Promise<boolean> {
    const now = Date.now();
    const done = await deps.db.transaction().execute(async (trx) => {
      if (
        requestId !== undefined &&
        (await store.answer(trx, requestId, accepter.id, 'accepted', now)) === undefined
      ) {
        return undefined;
      }
      await store.befriend(trx, accepter.id, sender.id, now);
      await recordFeedEvent(trx, {
        type: FeedEventType.BUDDY_ACCEPTED,
        userId: accepter.id,
        properties: { 'source.user': accepter.id, 'target.user': sender.id },
        now,
      });
      // Stored, so it is in the sender's notification list too (feed/notifications.ts pushes it).
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
      return { notice };
    });
    if (done) await notices.deliver([done.notice]);
    return done !== undefined;
  }

  /** Whose list it is, after the privacy rule: a private list shows to its owner and friends only. */
  async function ownerOf(viewer: UserRow, ownerId?: number): Promise<UserRow> {
    const owner = ownerId && ownerId !== viewer.id ? await people.visible(viewer, ownerId) : viewer;
    if (owner.id !== viewer.id && owner.buddies_private && !(await store.areFriends(viewer.id, owner.id))) {
      throw new ApiError('ApiForbiddenException', 'buddies.private', { name: owner.name });
    }
    return owner;
  }

  async function onlineFriends(ownerId: number): Promise<number[]> {
    return [...(await deps.presence.sources(await store.friendIds(ownerId))).keys()];
  }

  /**
   * Who ranks as online in a friend list: every online member while there are few enough to
   * list (the database keeps the friends among them), else the friends asked one by one.
   * Listing 5,000 friends and asking presence about each took longer than the page itself
   * (tools/bench/buddies.ts).
   */
  async function onlineForOrder(ownerId: number): Promise<number[]> {
    const online = await deps.presence.onlineUserIds(ONLINE_LIST_MAX + 1);
    return online.length <= ONLINE_LIST_MAX ? online : onlineFriends(ownerId);
  }

  /** A page of the owner's friends as the viewer sees them; positions only on one's own list. */
  async function page(
    viewer: UserRow,
    owner: UserRow,
    p: Page,
    query: Pick<FriendPageQuery, 'sort' | 'online' | 'filter'>,
  ): Promise<User[]> {
    const limit = p.limit ?? 50;
    const rows = await friendPage(deps.db, {
      ...query,
      owner: owner.id,
      offset: ((p.page ?? 1) - 1) * limit,
      limit,
      hideBlockersOf: owner.id === viewer.id ? undefined : viewer.id,
    });
    const users = await people.present(viewer, rows);
    // Set on the fresh views, not spread into copies: a spread followed by a new property is
    // V8's slow path, ~13 µs a member (50 a page).
    if (owner.id === viewer.id)
      for (const [i, user] of users.entries()) user.buddyPosition = rows[i].position;
    return users;
  }

  async function sorted(viewer: UserRow, sort: BuddySort, ownerId: number | undefined, p: Page) {
    const owner = await ownerOf(viewer, ownerId);
    return page(viewer, owner, p, { sort, online: await onlineForOrder(owner.id) });
  }

  return {
    async canSend(sender: UserRow, receiverId: number): Promise<boolean> {
      await checkRequest(sender, receiverId, {});
      return true;
    },

    /** Sends a request; if the receiver already asked the sender, this accepts theirs instead. */
    async send(
      sender: UserRow,
      p: { receivingUserId: number; message?: string; lastName?: string; phone?: string; source?: string },
    ) {
      const theirs = await store.pendingBetween(p.receivingUserId, sender.id);
      if (theirs) {
        const other = await people.visible(sender, p.receivingUserId);
        await befriend(sender, other, theirs.id);
        return theirs.id;
      }
      const receiver = await checkRequest(sender, p.receivingUserId, p);
      await limit(`buddy-request:${sender.id}`, 50, DAY / 24);
      const id = await store.insertRequest({
        sender: sender.id,
        recipient: receiver.id,
        body: p.message?.trim() || undefined,
        extra: { lastName: p.lastName?.trim(), phone: p.phone?.trim(), source: p.source },
        now: Date.now(),
      });
      if (wants(receiver, 'friendRequests'))
        await deps.hub.publish([receiver.id], {
          type: 'offlineMessage',
          id,
          category: OfflineCategory.FRIEND_REQUEST,
          sender: ref(sender),
          subject: p.message?.trim() || undefined,
        });
      return id;
    },

    async requests(viewer: UserRow, p: Page): Promise<FriendRequest[]> {
      const size = p.limit ?? 20;
      const rows = await store.pendingFor(viewer.id, ((p.page ?? 1) - 1) * size, size);
      const senders = await people.present(viewer, rows);
      // Listed means seen: "read" says whether it was seen before this listing.
      const unseen = rows.filter((r) => r.request_read === 0).map((r) => r.request_id);
      if (unseen.length) {
        await deps.db
          .updateTable('offline_messages')
          .set({ read_at: Date.now() })
          .where('id', 'in', unseen)
          .execute();
      }
      return rows.map((row, i) => ({
        offlineMessageId: row.request_id,
        sender: senders[i],
        message: row.request_body ?? undefined,
        creationTime: row.request_time,
        read: row.request_read > 0,
      }));
    },

    requestCount: (viewer: UserRow) => store.pendingCount(viewer.id),

    /** Only the receiver answers; a second answer changes nothing (false). */
    async accept(viewer: UserRow, requestId: number): Promise<boolean> {
      const request = await deps.db
        .selectFrom('offline_messages')
        .selectAll()
        .where('id', '=', requestId)
        .executeTakeFirst();
      if (
        !request ||
        request.recipient_id !== viewer.id ||
        request.category !== OfflineCategory.FRIEND_REQUEST
      ) {
        throw notFound();
      }
      if (request.status !== 'pending') return false;
      const sender = await deps.db
        .selectFrom('users')
        .selectAll()
        .where('id', '=', request.sender_id)
        .executeTakeFirstOrThrow();
      return befriend(viewer, sender, requestId);
    },

    async deny(viewer: UserRow, requestId: number): Promise<boolean> {
      const sender = await deps.db
        .transaction()
        .execute((trx) => store.answer(trx, requestId, viewer.id, 'denied', Date.now()));
      if (sender !== undefined) return true;
      const request = await deps.db
        .selectFrom('offline_messages')
        .select(['recipient_id', 'category'])
        .where('id', '=', requestId)
        .executeTakeFirst();
      if (
        !request ||
        request.recipient_id !== viewer.id ||
        request.category !== OfflineCategory.FRIEND_REQUEST
      ) {
        throw notFound();
      }
      return false;
    },

    async acceptAll(viewer: UserRow): Promise<{ first: number; second: number }> {
      let accepted = 0;
      for (;;) {
        const batch = await store.pendingFor(viewer.id, 0, 100);
        if (batch.length === 0) break;
        for (const row of batch) if (await befriend(viewer, row, row.request_id)) accepted += 1;
      }
      return { first: accepted, second: await store.unreadOfflineCount(viewer.id) };
    },

    async unfriend(viewer: UserRow, friendId: number): Promise<boolean> {
      if ((await store.unfriend(viewer.id, friendId)) === 0) throw notFound('buddies.notFriends');
      return true;
    },

    list: (viewer: UserRow, p: Page & { onlineSort?: boolean; userId?: number }) =>
      sorted(viewer, p.onlineSort ? 'ONLINE_DEFAULT' : (viewer.buddy_sort as BuddySort), p.userId, p),

    sorted: (viewer: UserRow, p: Page & { sort: BuddySort; userId?: number }) =>
      sorted(viewer, p.sort, p.userId, p),

    async search(viewer: UserRow, p: Page & { name: string; userId?: number }) {
      const owner = await ownerOf(viewer, p.userId);
      const start = p.name.trim().toLowerCase();
      return page(viewer, owner, p, {
        sort: 'ALPHABETICAL',
        online: [],
        filter: (eb) =>
          eb.or([
            eb.and([eb('users.name_lower', '>=', start), eb('users.name_lower', '<', `${start}\uffff`)]),
            eb(sql`lower(users.first_name)`, 'like', `${start}%`),
          ]),
      });
    },

    async nearMe(viewer: UserRow, p: Page & { userId?: number }) {
      const owner = await ownerOf(viewer, p.userId);
      return page(viewer, owner, p, {
        sort: 'ONLINE_DEFAULT',
        online: await onlineForOrder(owner.id),
        filter: (eb) => near(eb as never, viewer),
      });
    },

    /** Online as others see it: invisible friends are not counted. */
    async onlineCount(viewer: UserRow): Promise<number> {
      const online = await onlineFriends(viewer.id);
      if (online.length === 0) return 0;
      const row = await deps.db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('id', 'in', online)
        .where('online_status', '!=', INVISIBLE)
        .where('online_visibility', '!=', 2)
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    async isPrivate(viewer: UserRow, userId?: number): Promise<boolean> {
      const owner = userId && userId !== viewer.id ? await people.visible(viewer, userId) : viewer;
      return owner.buddies_private === 1;
    },

    async setPrivate(viewer: UserRow, value: boolean): Promise<boolean> {
      await deps.db
        .updateTable('users')
        .set({ buddies_private: value ? 1 : 0 })
        .where('id', '=', viewer.id)
        .execute();
      return true;
    },

    getSort(viewer: UserRow, userId?: number): string {
      if (userId && userId !== viewer.id) throw forbidden('buddies.ownOnly');
      return viewer.buddy_sort;
    },

    async setSort(viewer: UserRow, sort: BuddySort, userId?: number): Promise<boolean> {
      if (userId && userId !== viewer.id) throw forbidden('buddies.ownOnly');
      await deps.db.updateTable('users').set({ buddy_sort: sort }).where('id', '=', viewer.id).execute();
      return true;
    },

    async setPosition(viewer: UserRow, friendId: number, position: number): Promise<boolean> {
      if (!(await store.setPosition(viewer.id, friendId, position))) throw notFound('buddies.notFriends');
      return true;
    },

    /** Friends away longer than the type's threshold (14, 30 or 90 days), most recently seen first. */
    async churned(viewer: UserRow, p: Page & { type?: number; showInvited?: boolean }) {
      const type = p.type ?? 1;
      const cutoff = Date.now() - CHURN_DAYS[type] * DAY;
      const [dismissed, invited] = await Promise.all([
        store.churnDismissed(viewer.id, type),
        store.invitedBy(viewer.id),
      ]);
      const skip = [...dismissed, ...(p.showInvited ? [] : invited)];
      // With nobody online, ONLINE_ACCESS_DEFAULT is "most recently seen first".
      return page(viewer, viewer, p, {
        sort: 'ONLINE_ACCESS_DEFAULT',
        online: [],
        filter: (eb) =>
          eb.and([
            eb('users.last_access', '<', cutoff),
            ...(skip.length ? [eb('users.id', 'not in', skip)] : []),
          ]),
      });
    },

    async dismissChurned(viewer: UserRow, friendId: number, type: number): Promise<boolean> {
      if (!(await store.areFriends(viewer.id, friendId))) throw notFound('buddies.notFriends');
      await store.dismissChurn(viewer.id, friendId, type);
      return true;
    },

    /** Type 1 brings a friend back (an offline invite); type 2 is a sign-up link for someone new. */
    async createInvite(
      viewer: UserRow,
      p: { recipientId?: number; type: number },
      origin: string,
    ): Promise<BuddyInvite> {
      await limit(`invite:${viewer.id}`, 50, DAY);
      const now = Date.now();
      const code = randomBytes(18).toString('base64url');
      if (p.type === 2) {
        const invite = await store.insertInvite({ sender: viewer.id, recipient: null, type: 2, code, now });
        return {
          ...toInvite(invite),
          link: `${deps.config.publicUrl ?? origin}/html/signup.jsp?invite=${code}`,
        };
      }
      if (!p.recipientId) throw invalid('recipientId', 'buddies.inviteNeedsRecipient');
      if (!(await store.areFriends(viewer.id, p.recipientId))) throw notFound('buddies.notFriends');
      const friend = await deps.db
        .selectFrom('users')
        .selectAll()
        .where('id', '=', p.recipientId)
        .executeTakeFirst();
      if (!friend || friend.last_access > now - CHURN_DAYS[1] * DAY)
        throw invalid('recipientId', 'buddies.inviteActive');
      const invite = await store.insertInvite({
        sender: viewer.id,
        recipient: friend.id,
        type: 1,
        code,
        now,
      });
      const locale = isLocale(friend.locale) ? friend.locale : 'es';
      const subject = translate(locale, 'buddies.inviteSubject', { name: viewer.name });
      const message = await deps.db
        .insertInto('offline_messages')
        .values({
          sender_id: viewer.id,
          recipient_id: friend.id,
          category: OfflineCategory.INVITE,
          subject,
          extra: JSON.stringify({ inviteId: invite.id }),
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await deps.hub.publish([friend.id], {
        type: 'offlineMessage',
        id: message.id,
        category: OfflineCategory.INVITE,
        sender: ref(viewer),
        subject,
      });
      return toInvite(invite);
    },

    /** Accepting counts the invite once; a join link also makes the two members friends. */
    async acceptInvite(viewer: UserRow, p: { inviteId?: number; code?: string }): Promise<BuddyInvite> {
      if (!p.inviteId && !p.code) throw invalid('inviteId', 'validation.required');
      const invite = await store.invite({ id: p.inviteId, code: p.code });
      const mine = invite && (invite.type === 2 ? !p.inviteId : invite.recipient_id === viewer.id);
      if (!invite || !mine || (invite.type === 2 && invite.accepted && invite.recipient_id !== viewer.id))
        throw notFound();
      if (invite.sender_id === viewer.id) throw invalid('code', 'buddies.inviteOwn');
      if (invite.accepted) return toInvite(invite);
      await deps.db
        .updateTable('buddy_invites')
        .set((eb) => ({ accepted: 1, recipient_id: viewer.id, rewarded_count: eb('rewarded_count', '+', 1) }))
        .where('id', '=', invite.id)
        .where('accepted', '=', 0)
        .execute();
      if (invite.type === 2 && !(await store.areFriends(viewer.id, invite.sender_id))) {
        const sender = await deps.db
          .selectFrom('users')
          .selectAll()
          .where('id', '=', invite.sender_id)
          .executeTakeFirstOrThrow();
        await befriend(viewer, sender);
      }
      return toInvite({
        ...invite,
        accepted: 1,
        recipient_id: viewer.id,
        rewarded_count: invite.rewarded_count + 1,
      });
    },
  };
}

function toInvite(row: {
  id: number;
  accepted: number;
  sender_id: number;
  recipient_id: number | null;
  created_at: number;
  rewarded_count: number;
  type: number;
}): BuddyInvite {
  return {
    id: row.id,
    accepted: row.accepted === 1,
    senderId: row.sender_id,
    recipientId: row.recipient_id ?? undefined,
    creationtime: row.created_at,
    rewarded_count: row.rewarded_count,
    type: row.type,
  };
}
