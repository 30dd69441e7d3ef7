import { api, type LiveStreamer, PushKind } from '@tertulia/contract';
import { describe, expect, it } from 'vitest';
import { withPushApp } from '../../../tests/_push-app';
import { befriend } from '../../../tests/_social';
import { Client, dialects, member } from '../../../tests/_util';
import { STARTS_PER_HOUR } from '../../policy/live';

type Member = Awaited<ReturnType<typeof member>>;

// The push service is an outside network: tests/_push-service.ts stands in for it (withPushApp).
describe.each(dialects)('broadcast notifications on $name', (dialect) => {
  const env = withPushApp(dialect, { collapseMs: 1 });

  // Broadcast notices leave through the outbox (effects/outbox.ts), then the Web Push queue.
  const settle = async () => {
    await env.t.deps.outbox.flush();
    await env.t.deps.webPush.settled();
  };
  const device = async (who: Member) => {
    const sub = env.service.subscription();
    await who.ok(api.webPush.subscribe, sub);
    return sub.id;
  };
  const broadcasts = (deviceId: string) =>
    env.service.for(deviceId).filter((p) => p.payload.kind === PushKind.BROADCASTS);
  const start = async (who: Member) => ((await who.ok(api.live.startBroadcast)) as LiveStreamer[])[0];
  const idOf = async (caller: Client, userId: number) =>
    ((await caller.ok(api.live.getBroadcastId, { userId })) as string[])[0];

  it('tells friends with no open tab, in their language, once per broadcast and opening its page', async () => {
    const [star, friend, english, muted, stranger] = await Promise.all(
      Array.from({ length: 5 }, () => member(env.t.app)),
    );
    for (const other of [friend, english, muted]) await befriend(star, other);
    await env.t.deps.db
      .updateTable('users')
      .set({ locale: 'en' })
      .where('id', '=', english.user.uid)
      .execute();
    await muted.ok(api.webPush.setSettings, { broadcasts: false });
    const [friendDevice, englishDevice, mutedDevice, strangerDevice] = await Promise.all(
      [friend, english, muted, stranger].map(device),
    );

    const live = await start(star);
    expect(live.broadcast_id).toMatch(/^[A-Za-z0-9_-]{16}$/);
    // Going on air again while on air is the same broadcast, and tells nobody twice.
    expect((await start(star)).broadcast_id).toBe(live.broadcast_id);
    await settle();

    expect(broadcasts(friendDevice).map((p) => p.payload)).toMatchObject([
      {
        title: `${star.user.name} está en directo`,
        body: 'Tu amigo empezó una transmisión. Entra a verla.',
        url: `/live?u=${star.user.uid}`,
        tag: `b${star.user.uid}`,
      },
    ]);
    expect(broadcasts(englishDevice).map((p) => p.payload.title)).toEqual([`${star.user.name} is live`]);
    expect(broadcasts(mutedDevice)).toEqual([]);
    expect(broadcasts(strangerDevice)).toEqual([]);
  });

  it('does not tell friends again when the member goes off and on air within half an hour', async () => {
    const [star, friend] = [await member(env.t.app), await member(env.t.app)];
    await befriend(star, friend);
    const friendDevice = await device(friend);
    const first = await start(star);
    expect(await star.ok(api.live.endBroadcast)).toEqual([true]);
    expect(await star.ok(api.live.endBroadcast)).toEqual([false]);
    const second = await start(star);
    expect(second.broadcast_id).not.toBe(first.broadcast_id);
    await settle();
    expect(broadcasts(friendDevice)).toHaveLength(1);

    // An hour later it is news again.
    await env.t.deps.db
      .updateTable('live_broadcasts')
      .set({ started_at: Date.now() - 3_600_000 })
      .where('user_id', '=', star.user.uid)
      .execute();
    await star.ok(api.live.endBroadcast);
    await start(star);
    await settle();
    expect(broadcasts(friendDevice)).toHaveLength(2);
  });

  it('a friend who blocked the broadcaster hears nothing and cannot see the broadcast', async () => {
    const [star, friend] = [await member(env.t.app), await member(env.t.app)];
    await befriend(star, friend);
    const friendDevice = await device(friend);
    await friend.ok(api.people.blockUser, { userId: star.user.uid });
    const live = await start(star);
    await settle();
    expect(broadcasts(friendDevice)).toEqual([]);
    expect(await idOf(friend, star.user.uid)).toBe('');
    expect(await idOf(star, star.user.uid)).toBe(live.broadcast_id);
  });

  it('names the broadcast on air to whoever may watch: public to all, private profiles to friends', async () => {
    const [star, friend, stranger] = [
      await member(env.t.app),
      await member(env.t.app),
      await member(env.t.app),
    ];
    const anonymous = new Client(env.t.app);
    await befriend(star, friend);
    expect(await idOf(stranger, star.user.uid)).toBe('');
    const live = await start(star);
    expect(await idOf(stranger, star.user.uid)).toBe(live.broadcast_id);
    expect(await idOf(anonymous, star.user.uid)).toBe(live.broadcast_id);

    await env.t.deps.db
      .updateTable('users')
      .set({ buddies_private: 1 })
      .where('id', '=', star.user.uid)
      .execute();
    expect(await idOf(stranger, star.user.uid)).toBe('');
    expect(await idOf(anonymous, star.user.uid)).toBe('');
    expect(await idOf(friend, star.user.uid)).toBe(live.broadcast_id);

    await star.ok(api.live.endBroadcast);
    expect(await idOf(friend, star.user.uid)).toBe('');
    expect(await idOf(friend, 2_000_000_000)).toBe('');
  });

  it('refuses anonymous and bad input, and a start–stop loop past the hourly limit', async () => {
    const anonymous = new Client(env.t.app);
    const refused = await anonymous.call(api.live.startBroadcast);
    expect(refused.status).toBe(401);
    expect(refused.body.message).toBe('Inicia sesión para continuar');
    const bad = await anonymous.call(api.live.getBroadcastId, { userId: 'ana' });
    expect(bad.status).toBe(400);

    const star = await member(env.t.app);
    for (let i = 0; i < STARTS_PER_HOUR; i++) {
      await start(star);
      await star.ok(api.live.endBroadcast);
    }
    const tooMany = await star.call(api.live.startBroadcast);
    expect(tooMany.status).toBe(429);
    expect(tooMany.body.message).toMatch(/Demasiados/);
    expect(await idOf(star, star.user.uid)).toBe('');
  });
});
