import type { ChatEntry } from '@tertulia/contract';
import { describe, expect, it } from 'vitest';
import {
  applyRoomUser,
  blocksInForce,
  byCategory,
  durationChoices,
  durationText,
  entryColors,
  gagIn,
  imageShown,
  layoutOf,
  mergeEntries,
  moderatorActions,
  roleOf,
  rolesOf,
  threads,
  threadWith,
} from './rules';

const owner = { uid: 1, name: 'dueña' };
const mod = { uid: 2, name: 'mod' };
const ana = { uid: 3, name: 'ana' };
const leo = { uid: 4, name: 'leo' };

describe('roles of a room', () => {
  it('member rooms answer the owner first; public rooms have moderators only', () => {
    const mine = rolesOf({ roomType: 2 }, [owner, mod]);
    expect(roleOf(mine, 1)).toBe('owner');
    expect(roleOf(mine, 2)).toBe('moderator');
    expect(roleOf(mine, 3)).toBeUndefined();
    const publicRoom = rolesOf({ roomType: 0 }, [mod]);
    expect(publicRoom.ownerId).toBeUndefined();
    expect(roleOf(publicRoom, 2)).toBe('moderator');
  });
});

describe('who sees which moderator actions', () => {
  const roles = rolesOf({ roomType: 2 }, [owner, mod]);
  const asOwner = { uid: 1, room: { isOwner: true, isModerator: true } };
  const asMod = { uid: 2, room: { isOwner: false, isModerator: true } };
  const asMember = { uid: 3, room: { isOwner: false, isModerator: false } };

  it('the owner kicks, blocks, gags and names or removes moderators', () => {
    expect(moderatorActions(asOwner, ana.uid, roles)).toEqual(['kick', 'block', 'gag', 'addModerator']);
    expect(moderatorActions(asOwner, mod.uid, roles)).toEqual(['kick', 'block', 'gag', 'removeModerator']);
  });

  it('a moderator kicks, blocks and gags members, but not other moderators, and names nobody', () => {
    expect(moderatorActions(asMod, ana.uid, roles)).toEqual(['kick', 'block', 'gag']);
    expect(moderatorActions(asMod, mod.uid, roles)).toEqual([]);
  });

  it('an admin acts as the owner in any room, but not on the owner', () => {
    const asAdmin = { uid: 9, isAdmin: true, room: { isOwner: false, isModerator: true } };
    expect(moderatorActions(asAdmin, ana.uid, roles)).toEqual(['kick', 'block', 'gag', 'addModerator']);
    expect(moderatorActions(asAdmin, mod.uid, roles)).toEqual(['kick', 'block', 'gag', 'removeModerator']);
    expect(moderatorActions(asAdmin, owner.uid, roles)).toEqual([]);
  });

  it('nobody acts on the owner or on themselves; members moderate nothing', () => {
    expect(moderatorActions(asMod, owner.uid, roles)).toEqual([]);
    expect(moderatorActions(asOwner, owner.uid, roles)).toEqual([]);
    expect(moderatorActions(asMember, leo.uid, roles)).toEqual([]);
    expect(moderatorActions(asMember, owner.uid, roles)).toEqual([]);
  });
});

describe('the stream', () => {
  const line = (timestamp: number, message: string, user = ana): ChatEntry => ({
    timestamp,
    message,
    user,
    messageType: 0,
  });

  it('merges fetched and pushed lines once each, oldest first, keeping the newest', () => {
    const held = [line(1, 'a'), line(3, 'c')];
    const merged = mergeEntries(held, [line(2, 'b'), line(3, 'c'), line(3, 'c', leo)]);
    expect(merged.map((e) => `${e.timestamp}${e.message}${e.user?.uid}`)).toEqual([
      '1a3',
      '2b3',
      '3c3',
      '3c4',
    ]);
    expect(mergeEntries(merged, [line(9, 'z')], 2).map((e) => e.message)).toEqual(['c', 'z']);
  });

  it('layout styles fall back to cozy', () => {
    expect(layoutOf('compact')).toBe('compact');
    expect(layoutOf('comfortable')).toBe('comfortable');
    expect(layoutOf('wide')).toBe('cozy');
    expect(layoutOf(undefined)).toBe('cozy');
  });

  it('images stay collapsed by setting until the member opens one', () => {
    expect(imageShown(false, new Set(), 'k')).toBe(true);
    expect(imageShown(true, new Set(), 'k')).toBe(false);
    expect(imageShown(true, new Set(['k']), 'k')).toBe(true);
  });

  it('colours: both as chosen; a light or dark text alone gets a backdrop it reads on', () => {
    expect(entryColors(undefined, undefined)).toBeUndefined();
    expect(entryColors('#2980B9', '#FFFFFF')).toEqual({ color: '#2980B9', background: '#FFFFFF' });
    expect(entryColors(undefined, '#000000')).toEqual({ color: '#ffffff', background: '#000000' });
    expect(entryColors('#FFFFFF', undefined)?.background).toBeDefined();
    expect(entryColors('#000000', undefined)?.background).toBeDefined();
    expect(entryColors('#C0392B', undefined)).toEqual({ color: '#C0392B' });
  });

  it('groups rooms by category in order of appearance', () => {
    const groups = byCategory([
      { id: 1, categoryName: 'General' },
      { id: 2, categoryName: 'Deportes' },
      { id: 3, categoryName: 'General' },
    ]);
    expect(groups.map(([name, rooms]) => [name, rooms.map((r) => r.id)])).toEqual([
      ['General', [1, 3]],
      ['Deportes', [2]],
    ]);
  });
});

describe('membership pushes', () => {
  const users = [owner, ana];
  it('adds who entered (once), drops who left or was kicked', () => {
    const entered = applyRoomUser(
      users,
      { type: 'chatRoomUser', roomId: 5, user: leo, action: 'entered' },
      1,
    );
    expect(entered.users?.map((u) => u.name)).toEqual(['ana', 'dueña', 'leo']);
    expect(entered.exit).toBeUndefined();
    const again = applyRoomUser(
      entered.users,
      { type: 'chatRoomUser', roomId: 5, user: leo, action: 'entered' },
      1,
    );
    expect(again.users).toHaveLength(3);
    const kicked = applyRoomUser(users, { type: 'chatRoomUser', roomId: 5, user: ana, action: 'kicked' }, 1);
    expect(kicked.users?.map((u) => u.uid)).toEqual([1]);
    expect(kicked.exit).toBeUndefined();
  });

  it('tells the viewer to leave when they are the one kicked or blocked, not when they just left', () => {
    expect(
      applyRoomUser(users, { type: 'chatRoomUser', roomId: 5, user: ana, action: 'kicked' }, 3).exit,
    ).toBe('kicked');
    expect(
      applyRoomUser(undefined, { type: 'chatRoomUser', roomId: 5, user: ana, action: 'blocked' }, 3).exit,
    ).toBe('blocked');
    expect(
      applyRoomUser(users, { type: 'chatRoomUser', roomId: 5, user: ana, action: 'left' }, 3).exit,
    ).toBeUndefined();
  });
});

describe('private threads', () => {
  const pm = (from: typeof ana, to: typeof ana, timestamp: number, message = 'hola'): ChatEntry => ({
    user: from,
    destinationUser: to,
    timestamp,
    message,
    messageType: 1,
  });
  const lines = [pm(leo, ana, 1), pm(ana, leo, 2), pm(owner, ana, 3, 'eh'), pm(leo, ana, 4, 'último')];

  it('one thread per member, newest first; a thread holds both directions', () => {
    expect(threads(lines, ana.uid).map((t) => [t.user.name, t.last.message])).toEqual([
      ['leo', 'último'],
      ['dueña', 'eh'],
    ]);
    expect(threadWith(lines, ana.uid, leo.uid).map((e) => e.timestamp)).toEqual([1, 2, 4]);
  });
});

describe('the moderation log', () => {
  it('offers an unblock only on a block still in force', () => {
    const log = [
      { id: 5, action: 'kick', target: { uid: 3 } },
      { id: 4, action: 'unblock', target: { uid: 4 } },
      { id: 3, action: 'block', target: { uid: 4 } },
      { id: 2, action: 'block', target: { uid: 3 } },
      { id: 1, action: 'block', target: { uid: 3 } },
    ];
    expect([...blocksInForce(log)]).toEqual([2]);
    const ended = [{ id: 7, action: 'block', target: { uid: 3 }, until: 1_000 }];
    expect([...blocksInForce(ended, 2_000)]).toEqual([]);
    expect([...blocksInForce(ended, 500)]).toEqual([7]);
  });
});

describe('moderation durations and gags', () => {
  it('offers durations within the server bounds: a day for room gags, a week for admins', () => {
    expect(durationChoices('gag', false)).toEqual([10, 60, 24 * 60]);
    expect(durationChoices('gag', true)).toEqual([10, 60, 24 * 60, 7 * 24 * 60]);
    expect(durationChoices('kick', false)).toEqual([5, 60, 24 * 60]);
    expect(Math.max(...durationChoices('block', true))).toBe(30 * 24 * 60);
    expect(durationText(10)).toEqual({ key: 'chat.duration.minutes', n: 10 });
    expect(durationText(24 * 60)).toEqual({ key: 'chat.duration.hours', n: 24 });
    expect(durationText(7 * 24 * 60)).toEqual({ key: 'chat.duration.days', n: 7 });
  });

  it('a room gag holds in its room only; the site-wide one everywhere', () => {
    const now = 1_000;
    expect(gagIn({ gagExpiration: 5_000 }, 0, now)).toEqual({ until: 5_000, roomOnly: true });
    expect(gagIn({ gagExpiration: 0 }, 0, now)).toEqual({ until: 0, roomOnly: false });
    expect(gagIn({ gagExpiration: 0 }, 9_000, now)).toEqual({ until: 9_000, roomOnly: false });
    expect(gagIn({ gagExpiration: 500 }, 0, now)).toEqual({ until: 0, roomOnly: false });
  });
});
