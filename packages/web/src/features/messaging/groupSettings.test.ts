import { describe, expect, it } from 'vitest';
import { canManageGroup, groupChanges, groupFormOf } from './groupSettings';
import type { LocalConversation } from './rules';

const group = {
  conversationId: 5,
  type: 2,
  ownerId: 7,
  name: 'Cena',
  isReadOnly: false,
  allowInvite: true,
} as LocalConversation;

describe('group settings', () => {
  it('only the owner of a group manages it; never an IM', () => {
    expect(canManageGroup(group, 7)).toBe(true);
    expect(canManageGroup(group, 8)).toBe(false);
    expect(canManageGroup({ ...group, type: 1 }, 7)).toBe(false);
    expect(canManageGroup(undefined, 7)).toBe(false);
  });

  it('sends only what changed, the name trimmed', () => {
    expect(groupChanges(group, groupFormOf(group))).toEqual([]);
    expect(groupChanges(group, { name: ' Cena del viernes ', isReadOnly: true, allowInvite: false })).toEqual(
      [
        { kind: 'rename', name: 'Cena del viernes' },
        { kind: 'property', property: 'isReadOnly', value: true },
        { kind: 'property', property: 'allowInvite', value: false },
      ],
    );
  });

  it('a conversation without the switches reads as writable and open to invites', () => {
    expect(groupFormOf({ conversationId: 1, type: 2 } as LocalConversation)).toEqual({
      name: '',
      isReadOnly: false,
      allowInvite: true,
    });
  });
});
