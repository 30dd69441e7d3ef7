import { api, type ChatRoom } from '@tertulia/contract';
import { expect } from 'vitest';
import type { listeningApp } from '../../../tests/_util';
import { member } from '../../../tests/_util';
import { openPush, type PushSocket } from '../../../tests/flows/_push';
import { roleStore } from './role-store';
import { userStore } from './user-store';

/** Shared steps of the chat safety tests (a room, members, sockets, what the stores hold). */
export type Member = Awaited<ReturnType<typeof member>>;

export function roomSteps(app: ReturnType<typeof listeningApp>) {
  const steps = {
    member: () => member(app.t.app),
    async admin() {
      const who = await member(app.t.app);
      await app.setUser(who.user.uid, { is_admin: 1 });
      return who;
    },
    async create(owner: Member, roomType = 2, extra: Record<string, unknown> = {}) {
      const name = `Sala ${Math.random().toString(36).slice(2, 8)}`;
      return ((await owner.ok(api.chat.createRoom, { name, roomType, ...extra })) as ChatRoom[])[0];
    },
    async enter(who: Member, roomId: number) {
      return ((await who.ok(api.chat.enterRoom, { roomId })) as ChatRoom[])[0];
    },
    async block(blocker: Member, blocked: Member) {
      await blocker.ok(api.people.blockUser, { userId: blocked.user.uid });
    },
    async socketOf(who: Member) {
      const socket = await openPush(app.baseUrl, { cookie: who.cookieHeader });
      expect((await socket.next()).type).toBe('hello');
      return socket;
    },
    /** Publishes a marker and takes frames up to it: what arrived before it, in order. */
    async drain(socket: PushSocket, uid: number) {
      await app.t.deps.hub.publish([uid], { type: 'streetWarsJournal', text: 'marca', url: '/' });
      const frames = [];
      for (;;) {
        const frame = await socket.next();
        if (frame.type === 'streetWarsJournal') return frames;
        frames.push(frame);
      }
    },
    // What a call left behind, read through the feature's stores.
    roles: (roomId: number, userId: number) => roleStore(app.t.deps.db).roleRows(roomId, userId),
    logOf: (targetId: number) => roleStore(app.t.deps.db).logAbout(targetId),
    gagUntil: (userId: number) => userStore(app.t.deps.db).siteGagUntil(userId),
  };
  return steps;
}
