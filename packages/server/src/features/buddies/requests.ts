import { type FriendRequest, OfflineCategory } from '@tertulia/contract';
import type { Deps } from '../../deps';
import type { UserRow } from '../../http/context';
import { ApiError, forbidden, invalid, notFound, rateLimited } from '../../http/errors';
import { socialGraph } from '../../policy/graph';
import { wants } from '../../policy/preferences';
import type { PeopleUseCases } from '../people/use-cases';
import type { FriendshipUseCases } from './friendship';
import { hasProof, type Proof, proofMatches } from './proof';
import { userRef } from './push-ref';
import { buddyStore } from './store';

const HOUR = 3_600_000;
/** Requests a member may send in an hour. */
const REQUESTS_PER_HOUR = 50;
/** Requests answered by one round of acceptAll. */
const ACCEPT_BATCH = 100;
type Page = { page?: number; limit?: number };
/** Wrong proofs a sender may try on one private list in an hour, so a name can't be guessed. */
const PROOF_TRIES_PER_HOUR = 5;

/** Friend requests: sending, listing, counting and answering them. */
export function requestUseCases(
  deps: Pick<Deps, 'db' | 'effects' | 'limiter' | 'unitOfWork'>,
  people: Pick<PeopleUseCases, 'visible' | 'present'>,
  friendship: Pick<FriendshipUseCases, 'befriend'>,
) {
  const store = buddyStore(deps.db);
  const graph = socialGraph(deps.db);

  /** The checks of a request, shared by canSend and send. */
  async function checkRequest(sender: UserRow, receiverId: number, proof: Proof) {
    if (receiverId === sender.id) throw invalid('receivingUserId', 'buddies.self');
    const receiver = await people.visible(sender, receiverId);
    if (await graph.hasBlocked(sender.id, receiverId)) throw forbidden('buddies.youBlocked');
    if (await graph.areFriends(sender.id, receiverId))
      throw new ApiError('ApiConflictException', 'buddies.alreadyFriends');
    if (await store.pendingBetween(sender.id, receiverId))
      throw new ApiError('ApiConflictException', 'buddies.pending');
    // Members with a private list only take requests from people who say who they are.
    if (receiver.buddies_private) {
      if (!hasProof(proof)) {
        throw new ApiError('BuddyRequestConfirmationRequiredException', 'buddies.confirm', {
          name: receiver.name,
        });
      }
      if (!proofMatches(receiver, proof)) {
        const tries = await deps.limiter.hit(
          `buddy-proof:${sender.id}:${receiver.id}`,
          PROOF_TRIES_PER_HOUR,
          HOUR,
        );
        if (!tries.allowed) throw rateLimited(tries.retryAfterMs);
        throw new ApiError('BuddyRequestConfirmationRequiredException', 'buddies.proofMismatch', {
          name: receiver.name,
        });
      }
    }
    return receiver;
  }

  /** The friend request `requestId` addressed to `viewer`, or 404. */
  async function requestTo(viewer: UserRow, requestId: number) {
    const request = await store.offlineMessage(requestId);
    if (!request || request.recipient_id !== viewer.id || request.category !== OfflineCategory.FRIEND_REQUEST)
      throw notFound();
    return request;
  }

  return {
    async canSend(sender: UserRow, receiverId: number): Promise<boolean> {
      await checkRequest(sender, receiverId, {});
      return true;
    },

    /** Sends a request; if the receiver already asked the sender, this accepts theirs instead. */
    async send(
      sender: UserRow,
      p: { receivingUserId: number; message?: string; source?: string } & Proof,
    ): Promise<number> {
      const theirs = await store.pendingBetween(p.receivingUserId, sender.id);
      if (theirs) {
        const other = await people.visible(sender, p.receivingUserId);
        await friendship.befriend(sender, other, theirs.id);
        return theirs.id;
      }
      const receiver = await checkRequest(sender, p.receivingUserId, p);
      const decision = await deps.limiter.hit(`buddy-request:${sender.id}`, REQUESTS_PER_HOUR, HOUR);
      if (!decision.allowed) throw rateLimited(decision.retryAfterMs);
      const subject = p.message?.trim() || undefined;
      return deps.unitOfWork(async (trx, after) => {
        const id = await buddyStore(trx).insertRequest({
          sender: sender.id,
          recipient: receiver.id,
          body: subject,
          extra: { lastName: p.lastName?.trim(), phone: p.phone?.trim(), source: p.source },
          now: Date.now(),
        });
        if (id === undefined) throw new ApiError('ApiConflictException', 'buddies.pending');
        if (wants(receiver, 'friendRequests'))
          after.publish([receiver.id], {
            type: 'offlineMessage',
            id,
            category: OfflineCategory.FRIEND_REQUEST,
            sender: userRef(sender),
            subject,
          });
        return id;
      });
    },

    async requests(viewer: UserRow, p: Page): Promise<FriendRequest[]> {
      const size = p.limit ?? 20;
      const rows = await store.pendingFor(viewer.id, ((p.page ?? 1) - 1) * size, size);
      const senders = await people.present(viewer, rows);
      // Listed means seen: "read" says whether it was seen before this listing.
      await store.markRead(
        rows.filter((r) => r.request_read === 0).map((r) => r.request_id),
        Date.now(),
      );
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
      const request = await requestTo(viewer, requestId);
      if (request.status !== 'pending') return false;
      const sender = await store.member(request.sender_id);
      if (!sender) throw notFound();
      return friendship.befriend(viewer, sender, requestId);
    },

    async deny(viewer: UserRow, requestId: number): Promise<boolean> {
      const sender = await deps.db
        .transaction()
        .execute((trx) => store.answer(trx, requestId, viewer.id, 'denied', Date.now()));
      if (sender !== undefined) return true;
      await requestTo(viewer, requestId);
      return false;
    },

    async acceptAll(viewer: UserRow): Promise<{ first: number; second: number }> {
      let accepted = 0;
      for (;;) {
        const batch = await store.pendingFor(viewer.id, 0, ACCEPT_BATCH);
        if (batch.length === 0) break;
        for (const row of batch) if (await friendship.befriend(viewer, row, row.request_id)) accepted += 1;
      }
      return { first: accepted, second: await store.unreadOfflineCount(viewer.id) };
    },
  };
}
