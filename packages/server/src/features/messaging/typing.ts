import type { Deps } from '../../deps';
import type { UserRow } from '../../http/context';
import type { SocialGraph } from '../../policy/graph';
import { toUser } from '../people/user-view';
import type { ConversationAccess } from './access';
import type { ConversationStore } from './conversation-store';
import type { MemberStore } from './member-store';

/** Typing events per member per 10 s; extra ones are dropped quietly. */
export const TYPING_PER_10S = 20;

/** What a member shows while writing: the typing event, and their IM colours. */
export function typingAndColors(
  deps: Pick<Deps, 'limiter' | 'effects'>,
  graph: SocialGraph,
  access: ConversationAccess,
  conversations: ConversationStore,
  members: MemberStore,
) {
  return {
    /** Not stored; over the light limit the event is dropped (false) rather than refused. */
    async typing(viewer: UserRow, p: { conversationId: number; ownerId?: number }): Promise<boolean> {
      const conversation = await access.participating(viewer, p);
      const decision = await deps.limiter.hit(`typing:${viewer.id}`, TYPING_PER_10S, 10_000);
      if (!decision.allowed) return false;
      const others = (await conversations.activeMemberIds(conversation.id)).filter((id) => id !== viewer.id);
      // A block either way: neither learns the other is typing (groups keep both members).
      const blocked = await graph.blockedWithAmong(viewer.id, others);
      deps.effects.publish(
        others.filter((id) => !blocked.has(id)),
        {
          type: 'typing',
          conversationId: conversation.id,
          ownerId: conversation.owner_id,
          user: { uid: viewer.id, name: viewer.name, image1: toUser(viewer).image1 },
        },
      );
      return true;
    },

    async setColor(viewer: UserRow, which: 'im_color' | 'im_bg_color', color: string): Promise<boolean> {
      await members.setImColor(viewer.id, which, color.toLowerCase());
      return true;
    },
  };
}
