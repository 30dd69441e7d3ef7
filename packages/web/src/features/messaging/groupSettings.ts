import { ConversationType } from '@tertulia/contract';
import type { LocalConversation } from './rules';

/** What the group settings form holds. */
export interface GroupForm {
  name: string;
  isReadOnly: boolean;
  allowInvite: boolean;
}

export type GroupChange =
  | { kind: 'rename'; name: string }
  | { kind: 'property'; property: 'isReadOnly' | 'allowInvite'; value: boolean };

/** Only a group's owner changes its name and switches (the server refuses anyone else). */
export function canManageGroup(
  conversation: LocalConversation | undefined,
  uid: number | undefined,
): boolean {
  return (
    !!conversation &&
    !!uid &&
    conversation.type === ConversationType.UGC_GROUP &&
    conversation.ownerId === uid
  );
}

export function groupFormOf(conversation: LocalConversation): GroupForm {
  return {
    name: conversation.name ?? '',
    isReadOnly: !!conversation.isReadOnly,
    allowInvite: conversation.allowInvite !== false,
  };
}

/** The calls that take the conversation from what it is to the form: only what changed. */
export function groupChanges(conversation: LocalConversation, form: GroupForm): GroupChange[] {
  const before = groupFormOf(conversation);
  const changes: GroupChange[] = [];
  const name = form.name.trim();
  if (name !== before.name) changes.push({ kind: 'rename', name });
  if (form.isReadOnly !== before.isReadOnly)
    changes.push({ kind: 'property', property: 'isReadOnly', value: form.isReadOnly });
  if (form.allowInvite !== before.allowInvite)
    changes.push({ kind: 'property', property: 'allowInvite', value: form.allowInvite });
  return changes;
}
