import type { User } from '@tertulia/contract';
import { describe, expect, it } from 'vitest';
import {
  cardMessageAction,
  cardName,
  isChatPath,
  mayAddFriend,
  mayMessage,
  maySafety,
  presenceOf,
  showsAdminTools,
  showsVipStar,
} from './rules';

const me = { uid: 10_001 };
const admin = { uid: 10_002, isAdmin: true };
const staffViewer = { uid: 1100 };
const ana: User = { uid: 10_050, name: 'ana', firstName: 'Ana', lastName: 'Ruiz' };

describe('card rules: the message form', () => {
  it('never for oneself, nor for a visitor', () => {
    expect(cardMessageAction(me, { ...ana, uid: me.uid, canInitiateIM: true }, false)).toBe('none');
    expect(cardMessageAction(null, { ...ana, canInitiateIM: true }, false)).toBe('none');
  });

  it('elsewhere: shown when the target grants IM (canInitiateIM for the viewer), hidden when not', () => {
    expect(cardMessageAction(me, { ...ana, canInitiateIM: true }, false)).toBe('form');
    expect(cardMessageAction(me, { ...ana, canInitiateIM: false }, false)).toBe('none');
  });

  it("the web never re-derives the permission: without the server's answer there is no form", () => {
    // Permission codes alone (a light sender of a chat line) say nothing until the server answers.
    expect(mayMessage(me, { ...ana, imPermission: 0, isFriend: true }, false)).toBe(false);
    expect(mayMessage(me, { ...ana, pmPermission: 0, isFriend: true }, true)).toBe(false);
  });

  it("in the chat pages the server's chat private-message answer decides, not the IM one", () => {
    const pmOnly = { ...ana, canInitiateIM: false, canInitiatePM: true };
    const imOnly = { ...ana, canInitiateIM: true, canInitiatePM: false };
    expect(cardMessageAction(me, pmOnly, true)).toBe('form');
    expect(cardMessageAction(me, pmOnly, false)).toBe('none');
    expect(cardMessageAction(me, imOnly, true)).toBe('none');
    expect(cardMessageAction(me, imOnly, false)).toBe('form');
  });

  it('the chat pages are the ones under /chat/', () => {
    expect(isChatPath('/chat/')).toBe(true);
    expect(isChatPath('/chat/room/3')).toBe(true);
    expect(isChatPath('/html/profile-view.jsp')).toBe(false);
    expect(isChatPath('/chatter')).toBe(false);
  });

  it('ids below 2000 get the profile dialog instead of send-IM; 2000 and up the form', () => {
    expect(cardMessageAction(me, { ...ana, uid: 1999, canInitiateIM: true }, false)).toBe('profileDialog');
    expect(cardMessageAction(me, { ...ana, uid: 1999, canInitiateIM: false }, false)).toBe('profileDialog');
    expect(cardMessageAction(me, { ...ana, uid: 2000, canInitiateIM: true }, false)).toBe('form');
    // ...but never for oneself, whatever the id.
    expect(cardMessageAction({ uid: 1500 }, { ...ana, uid: 1500 }, false)).toBe('none');
  });
});

describe('card rules: add friend', () => {
  it('only for non-friends and not oneself', () => {
    expect(mayAddFriend(me, { ...ana, isFriend: false })).toBe(true);
    expect(mayAddFriend(me, { ...ana, isFriend: true })).toBe(false);
    expect(mayAddFriend(me, { ...ana, uid: me.uid })).toBe(false);
    expect(mayAddFriend(null, ana)).toBe(false);
  });
});

describe('card rules: admin tools and safety', () => {
  it('admin tools for admins, on other members only', () => {
    expect(showsAdminTools(admin, ana)).toBe(true);
    expect(showsAdminTools(admin, { uid: admin.uid })).toBe(false);
    expect(showsAdminTools(me, ana)).toBe(false);
    expect(showsAdminTools(null, ana)).toBe(false);
  });

  it('block and report on others, not on oneself', () => {
    expect(maySafety(me, ana)).toBe(true);
    expect(maySafety(me, { uid: me.uid })).toBe(false);
    expect(maySafety(null, ana)).toBe(false);
  });
});

describe('card rules: names', () => {
  it('viewers with ids up to 1100 see real names; everyone else first names', () => {
    expect(cardName(staffViewer, ana)).toBe('Ana Ruiz');
    expect(cardName({ uid: 1 }, ana)).toBe('Ana Ruiz');
    expect(cardName({ uid: 1101 }, ana)).toBe('Ana');
    expect(cardName(me, ana)).toBe('Ana');
    expect(cardName(null, ana)).toBe('Ana');
  });

  it('falls back to the user name when there is no first or real name', () => {
    expect(cardName(me, { name: 'ana' })).toBe('ana');
    expect(cardName(staffViewer, { name: 'ana' })).toBe('ana');
    expect(cardName(staffViewer, { name: 'ana', lastName: 'Ruiz' })).toBe('Ruiz');
  });
});

describe('presence and VIP', () => {
  it('online and busy need a live source; invisible and away look offline', () => {
    expect(presenceOf({ onlineSource: 'Web' })).toBe('online');
    expect(presenceOf({ onlineSource: 'Mobile', onlineStatus: 'busy' })).toBe('busy');
    expect(presenceOf({ onlineSource: 'Web', onlineStatus: 'invisible' })).toBe('offline');
    expect(presenceOf({})).toBe('offline');
    expect(presenceOf({ onlineStatus: 'busy' })).toBe('offline');
  });

  it('VIP is star 2 or 3', () => {
    expect([0, 1, 2, 3].map((star) => showsVipStar({ star }))).toEqual([false, false, true, true]);
    expect(showsVipStar({})).toBe(false);
  });
});
