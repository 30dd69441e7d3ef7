import { ConversationType } from '@tertulia/contract';
import type { Deps } from '../../deps';
import type { UserRow } from '../../http/context';
import { ApiError, forbidden, invalid, notFound, rateLimited } from '../../http/errors';
import type { SocialGraph } from '../../policy/graph';
import type { PeopleUseCases } from '../people/use-cases';
import type { ConversationRow, ConversationStore } from './conversation-store';
import type { MemberStore } from './member-store';

const MINUTE = 60_000;
/** Sends per member per minute unless config says otherwise: enough for a fast typist, not for a flood. */
export const SENDS_PER_MINUTE = 60;
/** Members of a group, at most. */
export const MAX_GROUP = 100;

/** How a request names a conversation: its id, and optionally the owner and type it must have. */
export type Named = { conversationId: number; ownerId?: number; type?: number };

/**
 * Who may reach which conversation and whom (the rules every messaging use case starts with):
 * participation, the send checks, message targets. Blocks and permissions are policy/graph.ts's.
 */
export function conversationAccess(
  deps: Pick<Deps, 'limiter' | 'config'>,
  people: PeopleUseCases,
  graph: SocialGraph,
  conversations: ConversationStore,
  members: MemberStore,
) {
  /** Whether a participation row names a conversation the viewer takes part in now. */
  function takesPart(
    row: { cm_left_at: number; owner_id: number; type: number } | undefined,
    named: Named,
  ): row is NonNullable<typeof row> {
    return (
      // Never a member (no row), or left.
      row?.cm_left_at === 0 &&
      (named.ownerId === undefined || named.ownerId === row.owner_id) &&
      (named.type === undefined || named.type === row.type)
    );
  }

  async function limitSends(sender: UserRow) {
    const perMinute = deps.config.limits.messagesPerMinute ?? SENDS_PER_MINUTE;
    const decision = await deps.limiter.hit(`msg:${sender.id}`, perMinute, MINUTE);
    if (!decision.allowed) throw rateLimited(decision.retryAfterMs);
  }

  return {
    limitSends,

    /**
     * The members with a block either way with `memberId`. In a group both stay members, but
     * neither gets the other's lines (listed or pushed) nor more of the other than a name
     * (docs/security.md, "Blocks in group conversations").
     */
    async cutOff(memberId: number): Promise<Set<number>> {
      return new Set(await graph.blockPartners(memberId));
    },

    /** A conversation the viewer takes part in now; anything else is 404 (no hint that it exists). */
    async participating(viewer: UserRow, named: Named): Promise<ConversationRow> {
      const row = await conversations.participation(named.conversationId, viewer.id);
      if (!takesPart(row, named)) throw notFound('message.notFound');
      const { cm_left_at: _left, ...conversation } = row;
      return conversation;
    },

    /**
     * A conversation the sender may write to now, in one read (it is on every send's path): they
     * take part in it; in an IM a block either way ends the exchange, and a partner the sender may
     * not see (banned, or blocking them) is 404 as people.visible says; read-only ones take only
     * their owner's messages; and the sender is within the send rate.
     */
    async writable(sender: UserRow, named: Named): Promise<ConversationRow> {
      const row = await conversations.writeAccess(named.conversationId, sender.id);
      if (!takesPart(row, named)) throw notFound('message.notFound');
      const {
        cm_left_at: _left,
        partner_id,
        partner_name,
        partner_banned_at,
        partner_unblocked,
        ...conversation
      } = row;
      if (conversation.type === ConversationType.IM && conversation.im_key) {
        if (partner_id === null || (partner_banned_at! > 0 && !sender.is_admin)) {
          throw notFound('people.notFound');
        }
        // Rare: which way the block goes decides the answer (one more read, off the usual path).
        if (!partner_unblocked) {
          if (await graph.hasBlocked(partner_id, sender.id)) throw notFound('people.notFound');
          throw new ApiError('ApiForbiddenException', 'message.youBlocked', { name: partner_name ?? '' });
        }
      }
      if (conversation.is_read_only === 1 && conversation.owner_id !== sender.id) {
        throw forbidden('message.readOnly');
      }
      await limitSends(sender);
      return conversation;
    },

    /** Someone the sender may start an IM with or invite: visible, unblocked, IM permission. */
    async checkTarget(sender: UserRow, targetId: number, field = 'targetIds'): Promise<UserRow> {
      if (targetId === sender.id) throw invalid(field, 'message.self');
      const target = await people.visible(sender, targetId);
      const refusal = await graph.messageRefusal(sender.id, target.id, target.im_permission);
      if (refusal === 'blocked') throw notFound('people.notFound');
      if (refusal === 'youBlocked') {
        throw new ApiError('ApiForbiddenException', 'message.youBlocked', { name: target.name });
      }
      if (refusal === 'permission') {
        throw new ApiError('ApiForbiddenException', 'message.imPermission', { name: target.name });
      }
      return target;
    },

    /** targetIds and targetNames as distinct member ids; unknown names are 404. */
    async targetsOf(p: { targetIds?: number[]; targetNames?: string[] }): Promise<number[]> {
      const ids = new Set(p.targetIds ?? []);
      const names = [...new Set((p.targetNames ?? []).map((n) => n.trim().toLowerCase()))].filter(Boolean);
      if (names.length) {
        const found = await members.idsByNames(names);
        if (found.length !== names.length) throw notFound('people.notFound');
        for (const id of found) ids.add(id);
      }
      return [...ids];
    },
  };
}

export type ConversationAccess = ReturnType<typeof conversationAccess>;
