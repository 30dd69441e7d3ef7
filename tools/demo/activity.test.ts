import fs from 'node:fs';
import path from 'node:path';
import { api, type ChatRoom, type Conversation } from '@tertulia/contract';
import { describe, expect, it } from 'vitest';
import { dialects, listeningApp, member } from '../../packages/server/tests/_util';
import { startDemoActivity } from './activity';
import { CHAT_LINES, GREETINGS, STATUS_LINES } from './activity-lines';
import { seedDemo } from './seed';

/** Polls until `check` returns something truthy, or fails with `what`. */
async function eventually<T>(
  check: () => Promise<T | undefined | false>,
  what: string,
  ms = 8000,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const found = await check();
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe.each(dialects)('demo activity ($name)', (dialect) => {
  const app = listeningApp(dialect);

  it('only in demo mode: the normal server starts no demo members, sockets or lines', async () => {
    const { db, presence } = app.t.deps;
    await seedDemo(db);
    const before = await db.selectFrom('chat_entries').select('id').execute();
    await new Promise((r) => setTimeout(r, 500));
    expect(await presence.onlineUserIds(100)).toEqual([]);
    expect(await db.selectFrom('chat_entries').select('id').execute()).toHaveLength(before.length);
    // Nothing in the server reaches into tools/demo: only tools/demo/run.ts starts the activity.
    const root = path.resolve(__dirname, '../../packages/server/src');
    const sources = fs
      .readdirSync(root, { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.ts'));
    for (const file of sources)
      expect(fs.readFileSync(path.join(root, file), 'utf8')).not.toMatch(/from '[^']*tools\/demo/);
  });

  it('keeps demo members online, greets a first IM, accepts a request and chats in a room', async () => {
    const { db, presence } = app.t.deps;
    const id = async (name: string) =>
      (await db.selectFrom('users').select('id').where('name_lower', '=', name).executeTakeFirstOrThrow()).id;
    const mateo = await id('mateo');
    const carlos = await id('carlos');
    const visitor = await member(app.t.app);
    const activity = await startDemoActivity({
      app: app.t.app,
      baseUrl: app.baseUrl,
      members: ['mateo', 'carlos'],
      online: 2,
      minPauseMs: 30,
      maxPauseMs: 60,
      replyDelayMs: 20,
    });
    try {
      expect(new Set(await presence.onlineUserIds(100))).toEqual(new Set([mateo, carlos]));

      await visitor.ok(api.buddy.sendUserBuddyRequest, { receivingUserId: mateo });
      await eventually(
        () =>
          db
            .selectFrom('friendships')
            .select('user_id')
            .where('user_id', '=', visitor.user.uid)
            .where('friend_id', '=', mateo)
            .executeTakeFirst(),
        'mateo to accept the request',
      );

      await visitor.ok(api.messaging.send, { targetIds: [carlos], type: 1, message: '¡Hola, Carlos!' });
      const reply = await eventually(async () => {
        const [c] = (await visitor.ok(api.messaging.getUserConversations, {
          type: 1,
          maxMessages: 5,
        })) as Conversation[];
        return c?.messages?.find((m) => m.sender?.uid === carlos);
      }, 'carlos to answer');
      expect(GREETINGS).toContain(reply.content);

      const line = await eventually(
        () =>
          db
            .selectFrom('chat_entries')
            .select(['room_id', 'message'])
            .where('sender_id', 'in', [mateo, carlos])
            .where('message', 'in', CHAT_LINES)
            .executeTakeFirst(),
        'a chat line from a demo member',
      );
      expect(line.room_id).toBeGreaterThan(0);
      // Demo members move between rooms on their timer: the room of that line may be empty again
      // by now (a slow machine saw it), so the check is that they are in the rooms' counts.
      const occupied = await eventually(async () => {
        const rooms = (await visitor.ok(api.chat.getRooms, { locale: 'es' })) as ChatRoom[];
        return rooms.find((r) => (r.usersCount ?? 0) > 0);
      }, 'a room with demo members in it');
      expect(occupied.usersCount).toBeGreaterThan(0);
    } finally {
      await activity.stop();
    }
    // Stopped: their sockets are closed, so they are no longer online; only one greeting was sent.
    await eventually(async () => (await presence.onlineUserIds(100)).length === 0, 'presence to clear');
    const greetings = await db
      .selectFrom('messages')
      .select('id')
      .where('sender_id', '=', carlos)
      .where('content', 'in', GREETINGS)
      .execute();
    expect(greetings).toHaveLength(1);
  });
  it('posts public statuses on their own clock, however far apart the other actions are', async () => {
    const { db } = app.t.deps;
    const { id: mateo } = await db
      .selectFrom('users')
      .select('id')
      .where('name_lower', '=', 'mateo')
      .executeTakeFirstOrThrow();
    const before = await db.selectFrom('statuses').select('id').where('user_id', '=', mateo).execute();
    const activity = await startDemoActivity({
      app: app.t.app,
      baseUrl: app.baseUrl,
      members: ['mateo'],
      online: 1,
      // Nothing else happens during the test: only the status clock runs.
      minPauseMs: 600_000,
      maxPauseMs: 600_000,
      minStatusPauseMs: 30,
      maxStatusPauseMs: 60,
    });
    try {
      const posted = await eventually(async () => {
        const rows = await db
          .selectFrom('statuses')
          .select(['text', 'privacy'])
          .where('user_id', '=', mateo)
          .execute();
        return rows.length >= before.length + 2 && rows.slice(before.length);
      }, 'two statuses');
      for (const row of posted) {
        expect(STATUS_LINES).toContain(row.text);
        // Public: a visitor's pages show them.
        expect(row.privacy).toBe(1);
      }
    } finally {
      await activity.stop();
    }
  });
});
