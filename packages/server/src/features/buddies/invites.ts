import { randomBytes } from 'node:crypto';
import {
  type BuddyInvite,
  BuddyInviteType,
  CHURN_DAYS,
  ChurnType,
  OfflineCategory,
} from '@tertulia/contract';
import type { Deps } from '../../deps';
import type { UserRow } from '../../http/context';
import { invalid, notFound, rateLimited } from '../../http/errors';
import { isLocale, translate } from '../../i18n/messages';
import { socialGraph } from '../../policy/graph';
import type { FriendshipUseCases } from './friendship';
import { inviteStore } from './invite-store';
import { userRef } from './push-ref';
import { buddyStore } from './store';

const DAY = 86_400_000;
/** Invites a member may create in a day. */
const INVITES_PER_DAY = 50;

/** Invites: bringing a friend back, and sign-up links that make the newcomer a friend. */
export function inviteUseCases(
  deps: Pick<Deps, 'db' | 'effects' | 'limiter' | 'config' | 'unitOfWork'>,
  friendship: Pick<FriendshipUseCases, 'befriendIn'>,
) {
  const graph = socialGraph(deps.db);
  const invites = inviteStore(deps.db);
  const members = buddyStore(deps.db);

  return {
    /** A come-back invite (an offline invite to a friend away); a join invite is a sign-up link. */
    async createInvite(
      viewer: UserRow,
      p: { recipientId?: number; type: number },
      origin: string,
    ): Promise<BuddyInvite> {
      const decision = await deps.limiter.hit(`invite:${viewer.id}`, INVITES_PER_DAY, DAY);
      if (!decision.allowed) throw rateLimited(decision.retryAfterMs);
      const now = Date.now();
      const code = randomBytes(18).toString('base64url');
      if (p.type === BuddyInviteType.JOIN) {
        const invite = await invites.insertInvite({
          sender: viewer.id,
          recipient: null,
          type: BuddyInviteType.JOIN,
          code,
          now,
        });
        return {
          ...toInvite(invite),
          link: `${deps.config.publicUrl ?? origin}/html/signup.jsp?invite=${code}`,
        };
      }
      if (!p.recipientId) throw invalid('recipientId', 'buddies.inviteNeedsRecipient');
      if (!(await graph.areFriends(viewer.id, p.recipientId))) throw notFound('buddies.notFriends');
      const friend = await members.member(p.recipientId);
      if (!friend || friend.last_access > now - CHURN_DAYS[ChurnType.WEEKS] * DAY)
        throw invalid('recipientId', 'buddies.inviteActive');
      const locale = isLocale(friend.locale) ? friend.locale : 'es';
      const subject = translate(locale, 'buddies.inviteSubject', { name: viewer.name });
      // The invite and its offline message are found later together, so they commit together.
      return deps.unitOfWork(async (trx, after) => {
        const store = inviteStore(trx);
        const invite = await store.insertInvite({
          sender: viewer.id,
          recipient: friend.id,
          type: BuddyInviteType.COME_BACK,
          code,
          now,
        });
        const messageId = await store.insertInviteMessage({
          sender: viewer.id,
          recipient: friend.id,
          subject,
          inviteId: invite.id,
          now,
        });
        after.publish([friend.id], {
          type: 'offlineMessage',
          id: messageId,
          category: OfflineCategory.INVITE,
          sender: userRef(viewer),
          subject,
        });
        return toInvite(invite);
      });
    },

    /** Accepting counts the invite once; a join link also makes the two members friends. */
    async acceptInvite(viewer: UserRow, p: { inviteId?: number; code?: string }): Promise<BuddyInvite> {
      if (!p.inviteId && !p.code) throw invalid('inviteId', 'validation.required');
      const invite = await invites.invite({ id: p.inviteId, code: p.code });
      const join = invite?.type === BuddyInviteType.JOIN;
      const mine = invite && (join ? !p.inviteId : invite.recipient_id === viewer.id);
      if (!invite || !mine || (join && invite.accepted && invite.recipient_id !== viewer.id))
        throw notFound();
      if (invite.sender_id === viewer.id) throw invalid('code', 'buddies.inviteOwn');
      if (invite.accepted) return toInvite(invite);
      // Read before the transaction: on SQLite a read outside it would wait for its connection.
      const sender =
        join && !(await graph.areFriends(viewer.id, invite.sender_id))
          ? await members.member(invite.sender_id)
          : undefined;
      const now = Date.now();
      await deps.unitOfWork(async (trx, after) => {
        await inviteStore(trx).markAccepted(invite.id, viewer.id);
        if (sender) await friendship.befriendIn(trx, after, viewer, sender, now);
      });
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
