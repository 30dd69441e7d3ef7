// @vitest-environment jsdom
import type { Preferences, PushEvent } from '@tertulia/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type AlertDeps, alertMember } from './alerts';
import { chimeWav } from './chime';

const ME = 1;
const ana = { uid: 7, name: 'ana' };
const prefs = (sound: boolean, browserNotifications = true): Preferences => ({
  notifyMessages: true,
  notifyFriendRequests: true,
  notifyLikesComments: true,
  notifyChatInvites: true,
  sound,
  browserNotifications,
  onlineVisibility: 0,
});

const im = (sender = ana, content = 'hola, ¿qué tal?'): PushEvent => ({
  type: 'message',
  conversationId: 42,
  ownerId: sender.uid,
  conversationType: 1,
  message: { sender, content, sentTime: Date.now() },
});
const chatPm: PushEvent = { type: 'chatPrivateMessage', roomId: 3, sender: ana, message: 'psst' };
const friendRequest: PushEvent = { type: 'offlineMessage', id: 9, category: 3, sender: ana };
const mail: PushEvent = { type: 'offlineMessage', id: 10, category: 1, sender: ana };

/** A stand-in for the browser's Notification: remembers what was shown. */
class FakeNotification {
  static permission: NotificationPermission = 'granted';
  static shown: FakeNotification[] = [];
  onclick: (() => void) | null = null;
  closed = false;
  constructor(
    public title: string,
    public options: NotificationOptions,
  ) {
    FakeNotification.shown.push(this);
  }
  close() {
    this.closed = true;
  }
}

function setVisibility(state: DocumentVisibilityState) {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
}

describe('sound and browser notifications', () => {
  let deps: AlertDeps & {
    play: ReturnType<typeof vi.fn<() => void>>;
    navigate: ReturnType<typeof vi.fn<(href: string) => void>>;
    focusWindow: ReturnType<typeof vi.fn<() => void>>;
  };
  let sound = true;
  let browser = true;
  let activation: { hasBeenActive: boolean } | undefined;

  beforeEach(() => {
    sound = true;
    browser = true;
    // Nobody has touched the page yet (the browser's own record of a gesture).
    activation = { hasBeenActive: false };
    Object.defineProperty(navigator, 'userActivation', { configurable: true, get: () => activation });
    FakeNotification.permission = 'granted';
    FakeNotification.shown = [];
    vi.stubGlobal('Notification', FakeNotification);
    setVisibility('visible');
    deps = {
      me: ME,
      preferences: async () => prefs(sound, browser),
      navigate: vi.fn<(href: string) => void>(),
      play: vi.fn<() => void>(),
      focusWindow: vi.fn<() => void>(),
    };
  });
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'userActivation');
    vi.unstubAllGlobals();
  });

  const gesture = () => {
    activation = { hasBeenActive: true };
  };

  describe('sound', () => {
    it('on: an IM, a chat private message and a friend request each play the chime', async () => {
      gesture();
      for (const event of [im(), chatPm, friendRequest]) await alertMember(event, deps);
      expect(deps.play).toHaveBeenCalledTimes(3);
    });

    it('on: not for one’s own message echoed back, nor for mail or other events', async () => {
      gesture();
      await alertMember(im({ uid: ME, name: 'yo' }), deps);
      await alertMember(mail, deps);
      await alertMember({ type: 'buddyOnline', user: ana }, deps);
      expect(deps.play).not.toHaveBeenCalled();
    });

    it('on, but nobody touched the page yet: quiet (autoplay rules), then it plays', async () => {
      await alertMember(im(), deps);
      expect(deps.play).not.toHaveBeenCalled();
      gesture();
      await alertMember(im(), deps);
      expect(deps.play).toHaveBeenCalledTimes(1);
    });

    it('on, in a browser that keeps no record of gestures: it tries (a refusal is quiet)', async () => {
      activation = undefined;
      await alertMember(im(), deps);
      expect(deps.play).toHaveBeenCalledTimes(1);
    });

    it('off: nothing plays', async () => {
      sound = false;
      gesture();
      for (const event of [im(), chatPm, friendRequest]) await alertMember(event, deps);
      expect(deps.play).not.toHaveBeenCalled();
    });

    it('unknown preferences (the call failed): nothing plays or shows', async () => {
      gesture();
      setVisibility('hidden');
      await alertMember(im(), { ...deps, preferences: () => Promise.reject(new Error('offline')) });
      expect(deps.play).not.toHaveBeenCalled();
      expect(FakeNotification.shown).toHaveLength(0);
    });

    it('the chime is a short, valid WAV file', () => {
      const wav = chimeWav();
      const text = (from: number, to: number) => String.fromCharCode(...wav.slice(from, to));
      expect(text(0, 4)).toBe('RIFF');
      expect(text(8, 12)).toBe('WAVE');
      const seconds = (wav.length - 44) / 2 / 22_050;
      expect(seconds).toBeGreaterThan(0.1);
      expect(seconds).toBeLessThan(0.5);
      expect(wav.length).toBeLessThan(20_000);
    });
  });

  describe('browser notifications', () => {
    it('on (permission granted) and the tab hidden: an IM shows, and a click opens the conversation', async () => {
      setVisibility('hidden');
      await alertMember(im(ana, '[image=https://x/y.jpg]'), deps);
      await alertMember(chatPm, deps);
      expect(FakeNotification.shown.map((n) => [n.title, n.options.body, n.options.tag])).toEqual([
        ['Mensaje de ana', 'Foto', 'im-42'],
        ['ana te escribió en el chat', 'psst', 'chat-3-7'],
      ]);
      FakeNotification.shown[0].onclick?.();
      expect(deps.focusWindow).toHaveBeenCalled();
      expect(deps.navigate).toHaveBeenCalledWith('/html/online/message-view.jsp?cid=42');
      expect(FakeNotification.shown[0].closed).toBe(true);
      FakeNotification.shown[1].onclick?.();
      expect(deps.navigate).toHaveBeenLastCalledWith('/chat/room/3');
    });

    it('on, but the tab is visible: no notification (the page shows the message itself)', async () => {
      setVisibility('visible');
      await alertMember(im(), deps);
      expect(FakeNotification.shown).toHaveLength(0);
    });

    it('on and hidden: not for friend requests, mail or one’s own messages', async () => {
      setVisibility('hidden');
      await alertMember(friendRequest, deps);
      await alertMember(mail, deps);
      await alertMember(im({ uid: ME, name: 'yo' }), deps);
      expect(FakeNotification.shown).toHaveLength(0);
    });

    it('off (permission not granted, or denied): nothing shows, the sound still follows its own switch', async () => {
      setVisibility('hidden');
      gesture();
      for (const permission of ['default', 'denied'] as const) {
        FakeNotification.permission = permission;
        await alertMember(im(), deps);
      }
      expect(FakeNotification.shown).toHaveLength(0);
      expect(deps.play).toHaveBeenCalledTimes(2);
    });

    it('the member’s switch off (stored on the server): nothing shows even with permission', async () => {
      setVisibility('hidden');
      browser = false;
      await alertMember(im(), deps);
      await alertMember(chatPm, deps);
      expect(FakeNotification.shown).toHaveLength(0);
      browser = true;
      await alertMember(im(), deps);
      expect(FakeNotification.shown).toHaveLength(1);
    });

    it('a browser without notifications: nothing breaks', async () => {
      vi.stubGlobal('Notification', undefined);
      setVisibility('hidden');
      gesture();
      await alertMember(im(), deps);
      expect(deps.play).toHaveBeenCalledTimes(1);
    });
  });
});
