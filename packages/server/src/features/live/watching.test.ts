import { api, type LiveBroadcast, type LiveConfig, type LiveStreamer, type User } from '@tertulia/contract';
import { describe, expect, it } from 'vitest';
import { befriend } from '../../../tests/_social';
import { adminMember, Client, dialects, listeningApp, member, setStanding } from '../../../tests/_util';
import { openPush, type PushSocket } from '../../../tests/flows/_push';

type Member = Awaited<ReturnType<typeof member>>;

/** The next frame of this type (others skipped). */
async function frame(socket: PushSocket, type: string) {
  for (;;) {
    const f = await socket.next();
    if (f.type === type) return f;
  }
}

describe.each(dialects)('live broadcasts on $name: start, watch, end and the rules', (dialect) => {
  const env = listeningApp(dialect);
  const join = (who: Client, broadcastId: string) => who.call(api.live.joinBroadcast, { broadcastId });
  const start = async (who: Member, title = 'Hola') =>
    ((await who.ok(api.live.startBroadcast, { title })) as LiveStreamer[])[0];
  const broadcast = async (who: Client, broadcastId: string) =>
    ((await who.ok(api.live.getBroadcast, { broadcastId })) as LiveBroadcast[])[0];
  const two = async () => [await member(env.t.app), await member(env.t.app)] as const;

  it('goes live with a title: a room, the playlist, User.broadcastId; viewers join and leave with pushes', async () => {
    const [star, fan] = await two();
    const live = await start(star, 'Cocinando paella');
    expect(live).toMatchObject({ title: 'Cocinando paella', diamonds: 0 });
    const seen = await broadcast(fan, live.broadcast_id!);
    expect(seen).toMatchObject({
      title: 'Cocinando paella',
      viewers: 0,
      playlist: `/media/live/${live.broadcast_id}/index.m3u8`,
      isStreamer: false,
      mayModerate: false,
      end_timestamp: 0,
    });
    expect(seen.user.uid).toBe(star.user.uid);
    expect(seen.room_id).toBeGreaterThan(0);
    expect((await broadcast(star, live.broadcast_id!)).mayModerate).toBe(true);
    const [profile] = (await fan.ok(api.people.getUserById, { userId: star.user.uid })) as User[];
    expect(profile.broadcastId).toBe(live.broadcast_id);

    const starSocket = await openPush(env.baseUrl, { cookie: star.cookieHeader });
    const fanSocket = await openPush(env.baseUrl, { cookie: fan.cookieHeader });
    expect((await join(fan, live.broadcast_id!)).body).toEqual({ Integer: [1] });
    expect(await frame(starSocket, 'liveViewers')).toMatchObject({
      broadcastId: live.broadcast_id,
      viewers: 1,
    });
    // Joining twice is one viewer; the streamer on their own page is none.
    expect((await join(fan, live.broadcast_id!)).body).toEqual({ Integer: [1] });
    expect((await join(star, live.broadcast_id!)).body).toEqual({ Integer: [1] });
    const [active] = (await fan.ok(api.live.getActiveStreamers)) as LiveStreamer[];
    expect(active).toMatchObject({ broadcast_id: live.broadcast_id, viewers: 1, title: 'Cocinando paella' });

    expect(await fan.ok(api.live.leaveBroadcast, { broadcastId: live.broadcast_id })).toEqual([0]);
    expect(await frame(starSocket, 'liveViewers')).toMatchObject({ viewers: 0 });

    // Ending tells the viewers, and the broadcast is off air everywhere.
    await join(fan, live.broadcast_id!);
    expect(await star.ok(api.live.endBroadcast, { broadcastId: live.broadcast_id })).toEqual([true]);
    expect(await frame(fanSocket, 'liveEnded')).toMatchObject({
      broadcastId: live.broadcast_id,
      userId: star.user.uid,
      reason: 'streamer',
    });
    expect((await join(fan, live.broadcast_id!)).status).toBe(404);
    expect((await broadcast(fan, live.broadcast_id!)).end_timestamp).toBeGreaterThan(0);
    expect(await fan.ok(api.live.getBroadcastId, { userId: star.user.uid })).toEqual(['']);
    await Promise.all([starSocket.close(), fanSocket.close()]);
  });

  it('a viewer whose socket drops leaves the broadcast', async () => {
    const [star, fan] = await two();
    const live = await start(star);
    const fanSocket = await openPush(env.baseUrl, { cookie: fan.cookieHeader });
    const starSocket = await openPush(env.baseUrl, { cookie: star.cookieHeader });
    expect((await join(fan, live.broadcast_id!)).body).toEqual({ Integer: [1] });
    await frame(starSocket, 'liveViewers');
    fanSocket.ws.terminate();
    expect(await frame(starSocket, 'liveViewers')).toMatchObject({ viewers: 0 });
    expect((await broadcast(star, live.broadcast_id!)).viewers).toBe(0);
    await starSocket.close();
  });

  it('one broadcast at a time: concurrent starts answer the same broadcast', async () => {
    const star = await member(env.t.app);
    const started = (await Promise.all([1, 2, 3].map(() => start(star)))).map((s) => s.broadcast_id);
    expect(new Set(started).size).toBe(1);
    const onAir = await env.t.deps.db
      .selectFrom('live_broadcasts')
      .select('id')
      .where('user_id', '=', star.user.uid)
      .where('ended_at', '=', 0)
      .execute();
    expect(onAir).toHaveLength(1);
  });

  it('refuses visitors, banned members, and a non-streamer ending someone else’s broadcast; admins end any', async () => {
    const [star, other] = await two();
    const visitor = new Client(env.t.app);
    expect((await visitor.call(api.live.startBroadcast, { title: 'x' })).status).toBe(401);
    const live = await start(star);
    expect((await visitor.call(api.live.joinBroadcast, { broadcastId: live.broadcast_id })).status).toBe(401);
    // A visitor may still look at a public broadcast.
    expect((await broadcast(visitor, live.broadcast_id!)).title).toBe('Hola');

    const refused = await other.call(api.live.endBroadcast, { broadcastId: live.broadcast_id });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Solo puedes terminar tu propia transmisión.');
    expect((await other.call(api.liveAdmin.endBroadcast, { broadcastId: live.broadcast_id })).status).toBe(
      403,
    );
    expect((await broadcast(other, live.broadcast_id!)).end_timestamp).toBe(0);

    const admin = await adminMember(env.t);
    expect(await admin.ok(api.liveAdmin.endBroadcast, { broadcastId: live.broadcast_id })).toEqual([true]);
    expect(await admin.ok(api.liveAdmin.endBroadcast, { broadcastId: live.broadcast_id })).toEqual([false]);
    // The end is in the audit log, once (the second call ended nothing), naming the streamer.
    const audit = (await admin.ok(api.admin.getAuditLog, { limit: 50 })) as {
      action: string;
      actor: { uid: number };
      targetId?: number;
    }[];
    expect(audit.filter((e) => e.action === 'live-end' && e.targetId === star.user.uid)).toEqual([
      expect.objectContaining({ actor: expect.objectContaining({ uid: admin.user.uid }) }),
    ]);
    expect((await admin.call(api.liveAdmin.endBroadcast, { broadcastId: 'AAAAAAAAAAAAAAAA' })).status).toBe(
      404,
    );
    expect((await other.call(api.live.getBroadcast, { broadcastId: 'not-an-id' })).status).toBe(400);

    const banned = await member(env.t.app);
    await env.t.deps.db
      .updateTable('users')
      .set({ banned_at: Date.now(), ban_until: 0 })
      .where('id', '=', banned.user.uid)
      .execute();
    const res = await banned.call(api.live.startBroadcast, { title: 'x' });
    expect([401, 403]).toContain(res.status);
    expect(await star.ok(api.live.getBroadcastId, { userId: banned.user.uid })).toEqual(['']);
  });

  it('blocks hold both ways: no watching, no joining, no entering the chat room', async () => {
    const [star, pest] = await two();
    await star.ok(api.people.blockUser, { userId: pest.user.uid });
    const live = await start(star);
    expect((await pest.call(api.live.getBroadcast, { broadcastId: live.broadcast_id })).status).toBe(404);
    const refused = await join(pest, live.broadcast_id!);
    expect(refused.status).toBe(404);
    expect(refused.body.message).toBe('Esta transmisión no existe o ya terminó.');
    const { room_id } = await broadcast(star, live.broadcast_id!);
    expect((await pest.call(api.chat.enterRoom, { roomId: room_id })).status).toBe(403);
    expect(
      ((await pest.ok(api.live.getActiveStreamers)) as LiveStreamer[]).map((s) => s.broadcast_id),
    ).not.toContain(live.broadcast_id);

    // The other way: the viewer blocked the streamer.
    const [star2, fan2] = await two();
    await fan2.ok(api.people.blockUser, { userId: star2.user.uid });
    const live2 = await start(star2);
    expect((await join(fan2, live2.broadcast_id!)).status).toBe(404);
  });

  it("a private profile's broadcast is for friends: its room too", async () => {
    const [star, friend] = await two();
    const stranger = await member(env.t.app);
    await befriend(star, friend);
    await env.t.deps.db
      .updateTable('users')
      .set({ buddies_private: 1 })
      .where('id', '=', star.user.uid)
      .execute();
    const live = await start(star);
    expect((await join(stranger, live.broadcast_id!)).status).toBe(404);
    expect((await join(friend, live.broadcast_id!)).body).toEqual({ Integer: [1] });
    const { room_id } = await broadcast(friend, live.broadcast_id!);
    expect((await friend.call(api.chat.enterRoom, { roomId: room_id })).status).toBe(200);
    expect((await stranger.call(api.chat.enterRoom, { roomId: room_id })).status).toBe(403);
  });

  it('the streamer moderates the room: a kicked viewer is out', async () => {
    const [star, rude] = await two();
    const live = await start(star);
    const { room_id } = await broadcast(star, live.broadcast_id!);
    await rude.ok(api.chat.enterRoom, { roomId: room_id });
    const kick = await star.call(api.chat.kickUser, { roomId: room_id, userId: rude.user.uid });
    expect(kick.status, JSON.stringify(kick.body)).toBe(200);
    expect((await rude.call(api.chat.enterRoom, { roomId: room_id })).status).toBe(403);
  });

  it('answers the config, and follows LIVE_WHO for who may go live', async () => {
    const who = await member(env.t.app);
    const [config] = (await who.ok(api.live.getConfig)) as LiveConfig[];
    expect(config).toMatchObject({
      enabled: true,
      who: 'anyone',
      mayGoLive: true,
      titleMax: 80,
      maxViewers: 0,
    });
    const [visitorConfig] = (await new Client(env.t.app).ok(api.live.getConfig)) as LiveConfig[];
    expect(visitorConfig.mayGoLive).toBe(false);

    const live = env.t.deps.config.live;
    try {
      live.who = 'verified';
      const refused = await who.call(api.live.startBroadcast, {});
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe('Solo los miembros verificados pueden transmitir en directo.');
      await env.t.deps.db.updateTable('users').set({ verified: 1 }).where('id', '=', who.user.uid).execute();
      expect((await who.call(api.live.startBroadcast, {})).status).toBe(200);
      await who.ok(api.live.endBroadcast);

      live.who = 'vip';
      expect((await who.call(api.live.startBroadcast, {})).body.message).toBe(
        'Solo los miembros VIP pueden transmitir en directo.',
      );
      await setStanding(env.t, who.user.uid, { star: 2 });
      expect((await who.call(api.live.startBroadcast, {})).status).toBe(200);
      await who.ok(api.live.endBroadcast);

      live.enabled = false;
      const off = await who.call(api.live.startBroadcast, {});
      expect(off.status).toBe(403);
      expect(off.body.message).toBe('Las transmisiones en directo no están disponibles ahora.');
      expect(((await who.ok(api.live.getConfig)) as LiveConfig[])[0]).toMatchObject({
        enabled: false,
        mayGoLive: false,
      });
    } finally {
      Object.assign(live, { who: 'anyone', enabled: true });
    }
  });

  it('caps viewers at LIVE_MAX_VIEWERS', async () => {
    const [star, first] = await two();
    const second = await member(env.t.app);
    const live = await start(star);
    env.t.deps.config.live.maxViewers = 1;
    try {
      expect((await join(first, live.broadcast_id!)).status).toBe(200);
      const full = await join(second, live.broadcast_id!);
      expect(full.status).toBe(403);
      expect(full.body.message).toBe('Esta transmisión está llena. Inténtalo más tarde.');
      // The viewer already in may join again; the full broadcast still counts one.
      expect((await join(first, live.broadcast_id!)).body).toEqual({ Integer: [1] });
      expect((await broadcast(star, live.broadcast_id!)).viewers).toBe(1);
    } finally {
      env.t.deps.config.live.maxViewers = 0;
    }
  });

  it('holds the cap when members join at the same moment: exactly the cap get in', async () => {
    const star = await member(env.t.app);
    const fans = await Promise.all(Array.from({ length: 6 }, () => member(env.t.app)));
    const live = await start(star);
    env.t.deps.config.live.maxViewers = 2;
    try {
      const answers = await Promise.all(fans.map((fan) => join(fan, live.broadcast_id!)));
      expect(answers.filter((a) => a.status === 200)).toHaveLength(2);
      expect(answers.filter((a) => a.status === 403)).toHaveLength(4);
      expect((await broadcast(star, live.broadcast_id!)).viewers).toBe(2);
    } finally {
      env.t.deps.config.live.maxViewers = 0;
    }
  });
});
