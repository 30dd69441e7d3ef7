import { type Conversation, ConversationType } from '@tertulia/contract';
import type { Deps } from '../../deps';
import type { UserRow } from '../../http/context';
import { forbidden, invalid } from '../../http/errors';
import { type ConversationAccess, MAX_GROUP, type Named } from './access';
import type { ConversationRow, ConversationStore } from './conversation-store';
import type { Present } from './present';

/** Who is in a group and how it is set: invite, leave, rename, read-only and invite switches. */
export function membership(
  deps: Pick<Deps, 'db'>,
  access: ConversationAccess,
  conversations: ConversationStore,
  present: Present,
) {
  async function ownedGroup(viewer: UserRow, p: Named): Promise<ConversationRow> {
    const conversation = await access.participating(viewer, p);
    if (conversation.type !== ConversationType.UGC_GROUP) throw invalid('type', 'message.groupOnly');
    if (conversation.owner_id !== viewer.id) throw forbidden('message.ownerOnly');
    return conversation;
  }

  return {
    /** An IM stays an IM: inviting into one starts a new group with its two members and the invitees. */
    async invite(
      viewer: UserRow,
      p: Named & { targetIds?: number[]; targetNames?: string[]; name?: string },
    ): Promise<Conversation> {
      const conversation = await access.participating(viewer, p);
      if (conversation.type === ConversationType.CHAT) throw invalid('type', 'message.chatElsewhere');
      if (
        conversation.type === ConversationType.UGC_GROUP &&
        conversation.allow_invite !== 1 &&
        conversation.owner_id !== viewer.id
      ) {
        throw forbidden('message.inviteOwnerOnly');
      }
      const targets = await access.targetsOf(p);
      if (targets.length === 0) throw invalid('targetIds', 'message.noTargets');
      const current = await conversations.activeMemberIds(conversation.id);
      const added = targets.filter((id) => !current.includes(id));
      for (const id of added) await access.checkTarget(viewer, id);
      if (current.length + added.length > MAX_GROUP) throw invalid('targetIds', 'validation.tooLarge');
      const now = Date.now();
      const name = p.name?.trim();
      const result = await deps.db.transaction().execute(async (trx) => {
        if (conversation.type === ConversationType.IM) {
          return conversations.createConversation(trx, {
            type: ConversationType.UGC_GROUP,
            owner: viewer.id,
            name: name || undefined,
            members: [...new Set([...current, ...added])],
            now,
          });
        }
        await conversations.join(trx, conversation, added, now);
        if (name && conversation.owner_id === viewer.id)
          await conversations.setName(conversation.id, name, trx);
        return conversation;
      });
      const fresh = (await conversations.conversation(result.id))!;
      return (await present(viewer, [fresh], { maxMessages: 20 }))[0];
    },

    async leave(viewer: UserRow, p: Named & { userId?: number }): Promise<boolean> {
      if (p.userId !== undefined && p.userId !== viewer.id) throw forbidden('message.ownOnly');
      const conversation = await access.participating(viewer, p);
      await conversations.leave(conversation.id, viewer.id, Date.now());
      return true;
    },

    async rename(viewer: UserRow, p: Named & { name: string }): Promise<boolean> {
      const conversation = await ownedGroup(viewer, p);
      const name = p.name.trim();
      if (!name) throw invalid('name', 'validation.required');
      await conversations.setName(conversation.id, name);
      return true;
    },

    async setProperty(
      viewer: UserRow,
      p: Named & { property: 'isReadOnly' | 'allowInvite'; value: boolean },
    ): Promise<boolean> {
      const conversation = await ownedGroup(viewer, p);
      const value = p.value ? 1 : 0;
      await conversations.setFlags(
        conversation.id,
        p.property === 'isReadOnly' ? { is_read_only: value } : { allow_invite: value },
      );
      return true;
    },
  };
}
