import { api, type ChatConfiguration, type ChatModerationEntry, type ChatRoom } from '@tertulia/contract';
import { describe, expect, it } from 'vitest';
import { dialects, listeningApp } from '../../../tests/_util';
import { roomSteps } from './_test-room';

const HOUR = 3_600_000;

/** Room moderation stays in its room, spares admins, reaches only recent members, within bounds. */
describe.each(dialects)('chat moderation limits on $name', (dialect) => {
  const app = listeningApp(dialect);
  const s = roomSteps(app);

  async function setup() {
    const owner = await s.member();
    const b = await s.member();
    const room = await s.create(owner);
    await s.enter(owner, room.id);
    await s.enter(b, room.id);
    return { owner, b, room };
  }

  it('a room owner cannot gag, kick or block an admin, and nothing changes', async () => {
    const { owner, room } = await setup();
    const admin = await s.admin();
    await s.enter(admin, room.id);
    for (const [endpoint, extra] of [
      [api.chat.gagUser, { minutes: 60 }],
      [api.chat.kickUser, {}],
      [api.chat.blockUser, {}],
    ] as const) {
      const res = await owner.call(endpoint, { userId: admin.user.uid, roomId: room.id, ...extra });
      expect(res.status, endpoint.path).toBe(403);
      expect(res.body.message).toBe('Solo el equipo de Tertulia puede actuar contra un administrador.');
    }
    // Nor site-wide: that gag is for admins only.
    const site = await owner.call(api.chat.gagUser, { userId: admin.user.uid, minutes: 60 });
    expect(site.status).toBe(400);
    expect(await s.roles(room.id, admin.user.uid)).toEqual([]);
    expect(await s.gagUntil(admin.user.uid)).toBe(0);
    expect(await s.logOf(admin.user.uid)).toEqual([]);
    expect(await admin.ok(api.chat.sendMessage, { roomId: room.id, message: 'sigo aquí' })).toHaveLength(1);
  });

  it('a room gag holds in that room only and shows on that room', async () => {
    const { owner, b, room } = await setup();
    const other = await s.create(await s.member());
    await s.enter(b, other.id);
    expect(await owner.ok(api.chat.gagUser, { userId: b.user.uid, roomId: room.id, minutes: 30 })).toEqual([
      true,
    ]);
    const refused = await b.call(api.chat.sendMessage, { roomId: room.id, message: 'hola' });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Estás silenciado en esta sala por un tiempo.');
    const { gagExpiration } = refused.body.ApiForbiddenException as { gagExpiration: number };
    expect(gagExpiration).toBeGreaterThan(Date.now() + 29 * 60_000);
    expect(refused.body.ApiForbiddenException).toEqual({ roomId: room.id, gagExpiration });
    // Another room, private lines included, and the site-wide setting are untouched.
    expect(await b.ok(api.chat.sendMessage, { roomId: other.id, message: 'aquí sí' })).toHaveLength(1);
    expect(await s.gagUntil(b.user.uid)).toBe(0);
    const [config] = (await b.ok(api.chat.getChatConfiguration)) as ChatConfiguration[];
    expect(config.chatGagExpiration).toBe(0);
    const [here] = (await b.ok(api.chat.getRoom, { roomId: room.id })) as ChatRoom[];
    const [there] = (await b.ok(api.chat.getRoom, { roomId: other.id })) as ChatRoom[];
    expect(here.gagExpiration).toBe(gagExpiration);
    expect(there.gagExpiration).toBe(0);
    const pm = await b.call(api.chat.sendPrivateMessage, {
      roomId: room.id,
      userId: owner.user.uid,
      message: 'psst',
    });
    expect(pm.status).toBe(403);
  });

  it('only admins set the site-wide gag, and it is logged with no room and its end', async () => {
    const { owner, b, room } = await setup();
    const refused = await owner.call(api.chat.gagUser, { userId: b.user.uid, minutes: 10 });
    expect(refused.status).toBe(400);
    expect(refused.body.ApiValidationException).toEqual({ field: 'roomId' });
    expect(await s.gagUntil(b.user.uid)).toBe(0);
    const admin = await s.admin();
    const before = Date.now();
    expect(await admin.ok(api.chat.gagUser, { userId: b.user.uid, minutes: 120 })).toEqual([true]);
    const until = await s.gagUntil(b.user.uid);
    expect(until).toBeGreaterThanOrEqual(before + 120 * 60_000);
    expect((await b.call(api.chat.sendMessage, { roomId: room.id, message: 'x' })).status).toBe(403);
    expect(await s.logOf(b.user.uid)).toMatchObject([
      { room_id: null, actor_id: admin.user.uid, action: 'gag', until },
    ]);
  });

  it('owners act only on members in their room or there within the last 24 hours', async () => {
    const { owner, b, room } = await setup();
    const never = await s.member();
    for (const endpoint of [api.chat.gagUser, api.chat.kickUser, api.chat.blockUser]) {
      const res = await owner.call(endpoint, { userId: never.user.uid, roomId: room.id });
      expect(res.status, endpoint.path).toBe(403);
      expect(res.body.message).toBe(
        'Solo puedes moderar a quien está en la sala o estuvo en ella en las últimas 24 horas.',
      );
    }
    expect(await s.roles(room.id, never.user.uid)).toEqual([]);
    expect(await s.logOf(never.user.uid)).toEqual([]);

    // b left; 25 hours ago is too long, 2 hours ago is recent.
    await b.ok(api.chat.leaveRoom, { roomId: room.id });
    const age = (ms: number) =>
      app.t.deps.db
        .updateTable('chat_recent_rooms')
        .set({ entered_at: Date.now() - ms - HOUR, left_at: Date.now() - ms })
        .where('user_id', '=', b.user.uid)
        .execute();
    await age(25 * HOUR);
    expect((await owner.call(api.chat.blockUser, { userId: b.user.uid, roomId: room.id })).status).toBe(403);
    await age(2 * HOUR);
    expect(await owner.ok(api.chat.blockUser, { userId: b.user.uid, roomId: room.id })).toEqual([true]);
  });

  it('refuses durations over their bound with a 400 in Spanish, and changes nothing', async () => {
    const { owner, b, room } = await setup();
    const mod = await s.member();
    await s.enter(mod, room.id);
    await owner.ok(api.chat.addModerator, { userId: mod.user.uid, roomId: room.id });
    const cases = [
      // Room gags: a day for owners and moderators (a week for admins, the schema's maximum).
      [owner, api.chat.gagUser, 24 * 60 + 1, 'Elige una duración de 24 horas como mucho.'],
      [mod, api.chat.gagUser, 24 * 60 + 1, 'Elige una duración de 24 horas como mucho.'],
      [owner, api.chat.gagUser, 7 * 24 * 60 + 1, 'Revisa los minutos: el valor es demasiado alto.'],
      [owner, api.chat.kickUser, 24 * 60 + 1, 'Revisa los minutos: el valor es demasiado alto.'],
      [owner, api.chat.blockUser, 30 * 24 * 60 + 1, 'Revisa los minutos: el valor es demasiado alto.'],
    ] as const;
    for (const [who, endpoint, minutes, text] of cases) {
      const res = await who.call(endpoint, { userId: b.user.uid, roomId: room.id, minutes });
      expect(res.status, `${endpoint.path} ${minutes}`).toBe(400);
      expect(res.body.message).toBe(text);
      expect(res.body.ApiValidationException).toEqual({ field: 'minutes' });
    }
    expect(await s.roles(room.id, b.user.uid)).toEqual([]);
    expect(await s.logOf(b.user.uid)).toEqual([]);
    expect(await b.ok(api.chat.sendMessage, { roomId: room.id, message: 'sigo' })).toHaveLength(1);

    // Within the bounds: a day's room gag by a moderator; an admin's two-day room gag.
    expect(await mod.ok(api.chat.gagUser, { userId: b.user.uid, roomId: room.id, minutes: 24 * 60 })).toEqual(
      [true],
    );
    const admin = await s.admin();
    expect(
      await admin.ok(api.chat.gagUser, { userId: b.user.uid, roomId: room.id, minutes: 2 * 24 * 60 }),
    ).toEqual([true]);
    const [gag] = await s.roles(room.id, b.user.uid);
    expect(Number(gag.until)).toBeGreaterThan(Date.now() + 47 * HOUR);
  });

  it('logs every action with who, whom, where and until when', async () => {
    const { owner, b, room } = await setup();
    const before = Date.now();
    await owner.ok(api.chat.gagUser, { userId: b.user.uid, roomId: room.id, minutes: 15 });
    await owner.ok(api.chat.kickUser, { userId: b.user.uid, roomId: room.id, minutes: 30 });
    await owner.ok(api.chat.blockUser, { userId: b.user.uid, roomId: room.id, minutes: 60 });
    await owner.ok(api.chat.unblockUser, { userId: b.user.uid, roomId: room.id });
    const rows = await s.logOf(b.user.uid);
    expect(rows.map((r) => [r.room_id, r.actor_id, r.action])).toEqual([
      [room.id, owner.user.uid, 'gag'],
      [room.id, owner.user.uid, 'kick'],
      [room.id, owner.user.uid, 'block'],
      [room.id, owner.user.uid, 'unblock'],
    ]);
    // Until when: the chosen minutes after the action; an unblock does not end (0).
    const spans = rows.slice(0, 3).map((r) => Number(r.until) - Number(r.created_at));
    expect(spans).toEqual([15 * 60_000, 30 * 60_000, 60 * 60_000]);
    expect(Number(rows[3].until)).toBe(0);
    const log = (await owner.ok(api.chat.getModerationLog, { roomId: room.id })) as ChatModerationEntry[];
    expect(log[3]).toMatchObject({
      roomId: room.id,
      action: 'gag',
      actor: { uid: owner.user.uid },
      target: { uid: b.user.uid },
      until: Number(rows[0].until),
    });
    expect(log[0].until).toBeUndefined();
    expect(log[0].timestamp).toBeGreaterThanOrEqual(before);
  });
});
