import fs from 'node:fs';
import { api, type ChatEntry, type EphemeralItem, parseEphemeralTag, Star } from '@tertulia/contract';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { postMultipart } from '../../../tests/_social';
import { dialects, listeningApp } from '../../../tests/_util';
import { testVideos, textAsMp4 } from '../../media/video/test-videos';
import { roomSteps } from '../chat/_test-room';
import { ids, itemOf, type Member, sendPhoto, startIm } from './_ephemeral-test';

describe.each(dialects)('view-once in chat rooms and videos on $name', (dialect) => {
  const app = listeningApp(dialect);
  const steps = roomSteps(app);
  const vip = (who: Member) => app.setUser(who.user.uid, { star: Star.VIP });
  const count = async () =>
    Number(
      (
        await app.t.deps.db
          .selectFrom('ephemeral_items')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const sendVideo = (
    from: Member,
    fields: Record<string, string | number>,
    data: Buffer,
    name = 'clip.mp4',
  ) =>
    postMultipart(from, api.ephemeral.uploadEphemeralVideo, fields, {
      field: 'video',
      data,
      type: 'video/mp4',
      name,
    });
  const fetchUrl = (who: Member, url: string, headers: Record<string, string> = {}) =>
    app.t.app.inject({ method: 'GET', url, headers: { cookie: who.cookieHeader, ...headers } });

  async function room() {
    const [owner, ana, bob, outsider] = await Promise.all([0, 1, 2, 3].map(() => steps.member()));
    const created = await steps.create(owner);
    for (const who of [ana, bob]) await steps.enter(who, created.id);
    return { owner, ana, bob, outsider, roomId: created.id };
  }

  it('lets a VIP send into a room: members in it see the entry live and may view; others get nothing', async () => {
    const { ana, bob, outsider, roomId } = await room();
    await vip(ana);
    const socket = await steps.socketOf(bob);
    const res = await sendPhoto(ana, { conversationId: roomId, type: 3 });
    expect(res.status).toBe(200);
    const sent = itemOf(res.body);
    const frames = await steps.drain(socket, bob.user.uid);
    await socket.close();
    const entry = frames.find((f) => f.type === 'chatEntry')?.entry as ChatEntry;
    expect(parseEphemeralTag(entry.message)).toEqual({ kind: 'photo', ...ids(sent), expiration: 10 });
    expect(((await bob.ok(api.ephemeral.getEphemeral, ids(sent))) as EphemeralItem[])[0].remaining).toBe(10);
    expect((await outsider.call(api.ephemeral.openEphemeral, ids(sent))).status).toBe(404);
    // A block either way hides it too.
    await steps.block(ana, bob);
    expect((await bob.call(api.ephemeral.getEphemeral, ids(sent))).status).toBe(404);
    await ana.ok(api.people.unblockUser, { userId: bob.user.uid });
    expect((await bob.call(api.ephemeral.getEphemeral, ids(sent))).status).toBe(200);
    // Leaving the room ends access too.
    await bob.ok(api.chat.leaveRoom, { roomId });
    expect((await bob.call(api.ephemeral.openEphemeral, ids(sent))).status).toBe(404);
  });

  it('refuses a non-VIP (the VIP prompt) and a gagged VIP (the gag warning), in both languages, storing nothing', async () => {
    const { owner, ana, bob, roomId } = await room();
    const before = await count();
    const plain = await sendPhoto(ana, { conversationId: roomId, type: 3 });
    expect(plain.status).toBe(403);
    expect(plain.body).toMatchObject({
      message: 'Solo los miembros VIP pueden enviar fotos y videos de una sola vista en las salas de chat.',
      ApiForbiddenException: { reason: 'vipOnly' },
    });
    ana.cookies.set('locale', 'en');
    expect((await sendPhoto(ana, { conversationId: roomId, type: 3 })).body.message).toBe(
      'Only VIP members can send view-once photos and videos in chat rooms.',
    );
    await vip(bob);
    await owner.ok(api.chat.gagUser, { userId: bob.user.uid, roomId, minutes: 10 });
    const gagged = await sendPhoto(bob, { conversationId: roomId, type: 3 });
    expect(gagged.status).toBe(403);
    expect(gagged.body).toMatchObject({
      message: 'Estás silenciado en esta sala: no puedes enviar fotos ni videos de una sola vista.',
      ApiForbiddenException: { reason: 'gagged' },
    });
    await vip(ana);
    await app.setUser(ana.user.uid, { chat_gag_until: Date.now() + 60_000 });
    const siteGag = await sendVideo(
      ana,
      { conversationId: roomId, type: 3 },
      fs.readFileSync(testVideos.silentMp4()),
    );
    expect(siteGag.status).toBe(403);
    expect(siteGag.body.message).toBe(
      'You are muted in this room: you cannot send view-once photos or videos.',
    );
    expect(await count()).toBe(before);
    // Without the rule's conditions the same VIP sends in a conversation.
    const im = await startIm(bob, [ana]);
    expect((await sendPhoto(bob, { conversationId: im.conversationId })).status).toBe(200);
  });

  it('sends a video: placeholder while processing, ready by push, blurred thumbnail by the spec name, watched once', async () => {
    const [ana, bob, carl] = await Promise.all([0, 1, 2].map(() => steps.member()));
    const bobSocket = await steps.socketOf(bob);
    const res = await sendVideo(ana, { targetId: bob.user.uid }, fs.readFileSync(testVideos.silentMp4(2)));
    expect(res.status).toBe(200);
    const sent = itemOf(res.body);
    expect(sent).toMatchObject({ kind: 'video', state: 'processing', placeholder: true, expiration: 2 });
    const thumbUrl = `/media/img/videoephemeral_${sent.postId}_user${ana.user.uid}`;
    expect((await fetchUrl(bob, thumbUrl)).statusCode).toBe(404);
    expect((await bob.call(api.ephemeral.openEphemeral, ids(sent))).status).toBe(409);
    await app.t.deps.video.queue.idle();
    let frame = await bobSocket.next(20_000);
    while (frame.type !== 'ephemeralReady') frame = await bobSocket.next(20_000);
    await bobSocket.close();
    expect(frame).toMatchObject({ postId: sent.postId, state: 'ready' });
    const ready = ((await bob.ok(api.ephemeral.getEphemeral, ids(sent))) as EphemeralItem[])[0];
    expect(ready).toMatchObject({ state: 'ready', placeholder: false, remaining: 2, image1: thumbUrl });
    const thumb = await fetchUrl(bob, thumbUrl);
    expect(thumb.statusCode).toBe(200);
    expect((await sharp(thumb.rawPayload).metadata()).width).toBe(300);
    expect((await fetchUrl(carl, thumbUrl)).statusCode).toBe(404);

    const link = itemOf((await bob.call(api.ephemeral.openEphemeral, ids(sent))).body).video!;
    const part = await fetchUrl(bob, link, { range: 'bytes=4-11' });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.toString('latin1')).toBe('ftypisom');
    expect((await fetchUrl(carl, link)).statusCode).toBe(403);
    const done = await bob.call(api.ephemeral.updateEphemeralVideo, { ...ids(sent), viewTime: 2 });
    expect(itemOf(done.body).remaining).toBe(0);
    expect((await fetchUrl(bob, link, { range: 'bytes=0-' })).statusCode).toBe(410);
    expect((await bob.call(api.ephemeral.openEphemeral, ids(sent))).status).toBe(410);
  });

  it('refuses a non-video and a huge video with a clear message, storing nothing', async () => {
    const [ana, bob] = await Promise.all([0, 1].map(() => steps.member()));
    const im = await startIm(ana, [bob]);
    const before = await count();
    const text = await sendVideo(ana, { conversationId: im.conversationId }, textAsMp4());
    expect(text.status).toBe(400);
    expect(text.body.message).toMatch(/v[ií]deo/i);
    const long = await sendVideo(
      ana,
      { conversationId: im.conversationId },
      fs.readFileSync(testVideos.tenHours()),
    );
    expect(long.status).toBe(400);
    expect(long.body.message).toMatch(/min/);
    expect(await count()).toBe(before);
  });
});
