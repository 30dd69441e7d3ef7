import fs from 'node:fs';
import { api, type EphemeralItem, EphemeralLimits } from '@tertulia/contract';
import sharp from 'sharp';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Client, dialects, listeningApp, member } from '../../../tests/_util';
import { openPush } from '../../../tests/flows/_push';
import { diskStoreFor } from '../../media/storage';
import { ids, itemOf, lastTag, type Member, secondSession, sendPhoto, startIm } from './_ephemeral-test';
import { ephemeralStore } from './store';
import { sweepExpiredEphemeral } from './sweeper';

describe.each(dialects)('view-once photos on $name', (dialect) => {
  const app = listeningApp(dialect);
  const fetchUrl = (who: Member | null, url: string) =>
    app.t.app.inject({ method: 'GET', url, headers: who ? { cookie: who.cookieHeader } : {} });
  const get = async (who: Member, item: EphemeralItem) =>
    ((await who.ok(api.ephemeral.getEphemeral, ids(item))) as EphemeralItem[])[0];
  const open = (who: Member, item: EphemeralItem) => who.call(api.ephemeral.openEphemeral, ids(item));
  const report = (who: Member, item: EphemeralItem, viewTime: number) =>
    who.call(api.ephemeral.updateEphemeralPhoto, { ...ids(item), viewTime });
  const count = async () =>
    Number(
      (
        await app.t.deps.db
          .selectFrom('ephemeral_items')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  afterEach(() => vi.useRealTimers());

  async function scene() {
    const [ana, bob, dora, carl] = await Promise.all([0, 1, 2, 3].map(() => member(app.t.app)));
    const group = await startIm(ana, [bob, dora]);
    return { ana, bob, dora, carl, group };
  }

  it('sends into a conversation: the line carries the item, the tile appears live, the thumbnail is blurred 300 px', async () => {
    const { ana, bob, group } = await scene();
    const socket = await openPush(app.baseUrl, { cookie: bob.cookieHeader });
    const res = await sendPhoto(ana, {
      conversationId: group.conversationId,
      ownerId: ana.user.uid,
      type: 2,
    });
    expect(res.status).toBe(200);
    const sent = itemOf(res.body);
    expect(sent).toMatchObject({ kind: 'photo', state: 'ready', expiration: EphemeralLimits.PHOTO_SECONDS });
    expect(sent.origImage1).toBeUndefined();
    let frame = await socket.next();
    while (frame.type !== 'message') frame = await socket.next();
    await socket.close();
    expect(String((frame.message as { content: string }).content)).toBe(
      `[ephemeral]photo:${sent.postId}:${ana.user.uid}:10[/ephemeral]`,
    );
    expect(await lastTag(bob, group.conversationId)).toEqual({ kind: 'photo', ...ids(sent), expiration: 10 });
    const seen = await get(bob, sent);
    expect(seen).toMatchObject({ remaining: 10, placeholder: false, views: {} });
    expect(seen.image1).toMatch(/w=300&crop=1&blur=50$/);
    expect(seen.viewers).toBeUndefined();
    const thumb = await fetchUrl(bob, seen.image1!);
    expect(thumb.statusCode).toBe(200);
    expect((await sharp(thumb.rawPayload).metadata()).width).toBe(300);
  });

  it('gives non-participants nothing: no item, no link, no media', async () => {
    const { ana, bob, carl, group } = await scene();
    const sent = itemOf((await sendPhoto(ana, { conversationId: group.conversationId })).body);
    for (const call of [
      carl.call(api.ephemeral.getEphemeral, ids(sent)),
      open(carl, sent),
      report(carl, sent, 1),
    ]) {
      const res = await call;
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(
        'No encontramos esa foto o video de una sola vista; puede que ya no exista.',
      );
    }
    const link = itemOf((await open(bob, sent)).body).origImage1!;
    expect((await fetchUrl(carl, link)).statusCode).toBe(403);
    expect((await fetchUrl(null, link)).statusCode).toBe(403);
    expect(
      (
        await fetchUrl(
          carl,
          link.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')),
        )
      ).statusCode,
    ).toBe(404);
    // Anonymous callers are asked to log in.
    const anonymous = new Client(app.t.app);
    expect((await anonymous.call(api.ephemeral.getEphemeral, ids(sent))).status).toBe(401);
  });

  it('only takes time away; once spent, every session gets 410; the author and other recipients keep theirs', async () => {
    const { ana, bob, dora, group } = await scene();
    const authorSocket = await openPush(app.baseUrl, { cookie: ana.cookieHeader });
    const sent = itemOf((await sendPhoto(ana, { conversationId: group.conversationId })).body);
    const opened = itemOf((await open(bob, sent)).body);
    const media = await fetchUrl(bob, opened.origImage1!);
    expect(media.statusCode).toBe(200);
    expect(media.headers['content-type']).toBe('image/jpeg');
    expect(media.headers['cache-control']).toContain('no-store');
    expect(itemOf((await report(bob, sent, 3)).body).remaining).toBe(7);
    expect(itemOf((await report(bob, sent, 1)).body).remaining).toBe(7);
    let frame = await authorSocket.next();
    while (frame.type !== 'ephemeralViewed' || frame.viewTime !== 3) frame = await authorSocket.next();
    await authorSocket.close();
    expect(frame).toMatchObject({ postId: sent.postId, viewer: { uid: bob.user.uid } });
    // A closed look: its link no longer streams until the viewer opens again.
    expect((await fetchUrl(bob, opened.origImage1!)).statusCode).toBe(410);
    const again = itemOf((await open(bob, sent)).body);
    expect((await fetchUrl(bob, again.origImage1!)).statusCode).toBe(200);
    expect(itemOf((await report(bob, sent, 10)).body).remaining).toBe(0);

    const refused = await open(bob, sent);
    expect(refused.status).toBe(410);
    expect(refused.body.message).toBe('Ya viste esta foto o video: solo se puede ver una vez.');
    const otherTab = await secondSession(app.t.app, bob.user.name);
    for (const link of [opened.origImage1!, again.origImage1!]) {
      expect((await fetchUrl(bob, link)).statusCode).toBe(410);
      expect((await fetchUrl(otherTab as Member, link)).statusCode).toBe(410);
    }
    expect((await open(otherTab as Member, sent)).status).toBe(410);
    expect(await get(otherTab as Member, sent)).toMatchObject({
      remaining: 0,
      views: { [bob.user.uid]: 10 },
    });

    expect(await get(dora, sent)).toMatchObject({ remaining: 10, views: {} });
    const own = await get(ana, sent);
    expect(own).toMatchObject({ remaining: 10, views: { [bob.user.uid]: 10 } });
    expect(own.viewers!.map((u) => u.uid)).toEqual([bob.user.uid]);
    expect((await fetchUrl(ana, itemOf((await open(ana, sent)).body).origImage1!)).statusCode).toBe(200);
  });

  it('a link already handed out stops at a new block, either way (issue 38 item 6)', async () => {
    const { ana, bob, dora, group } = await scene();
    const sent = itemOf((await sendPhoto(ana, { conversationId: group.conversationId })).body);
    const bobLink = itemOf((await open(bob, sent)).body).origImage1!;
    const doraLink = itemOf((await open(dora, sent)).body).origImage1!;
    expect((await fetchUrl(bob, bobLink)).statusCode).toBe(200);
    await ana.ok(api.people.blockUser, { userId: bob.user.uid });
    const refused = await fetchUrl(bob, bobLink);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe(
      'No encontramos esa foto o video de una sola vista; puede que ya no exista.',
    );
    // The other recipient keeps hers; a block by the viewer stops the link too.
    expect((await fetchUrl(dora, doraLink)).statusCode).toBe(200);
    await dora.ok(api.people.blockUser, { userId: ana.user.uid });
    expect((await fetchUrl(dora, doraLink)).statusCode).toBe(404);
    // The author still sees their own.
    const own = itemOf((await open(ana, sent)).body).origImage1!;
    expect((await fetchUrl(ana, own)).statusCode).toBe(200);
  });

  it('charges a look never reported closed by the clock (a reload cannot stretch it)', async () => {
    const { ana, dora, group } = await scene();
    const sent = itemOf((await sendPhoto(ana, { conversationId: group.conversationId })).body);
    const link = itemOf((await open(dora, sent)).body).origImage1!;
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 11_000);
    expect((await fetchUrl(dora, link)).statusCode).toBe(410);
    expect((await open(dora, sent)).status).toBe(410);
    expect((await get(dora, sent)).remaining).toBe(0);
  });

  it('refuses bad input with a clear message and stores nothing', async () => {
    const { ana, bob, group } = await scene();
    const before = await count();
    const text = await sendPhoto(
      ana,
      { conversationId: group.conversationId },
      Buffer.from('no soy una foto'),
    );
    expect(text.status).toBe(400);
    expect(text.body.message).toMatch(/imagen|foto/i);
    const noFile = await ana.call(api.ephemeral.uploadEphemeralPhoto, {
      conversationId: group.conversationId,
    });
    expect(noFile.status).toBe(400);
    const nowhere = await sendPhoto(ana, {});
    expect(nowhere.status).toBe(400);
    const stranger = await sendPhoto(ana, { conversationId: group.conversationId + 1000 });
    expect(stranger.status).toBe(404);
    expect(await count()).toBe(before);

    const sent = itemOf((await sendPhoto(ana, { conversationId: group.conversationId })).body);
    for (const viewTime of [-1, 99_999, 'mucho']) {
      const res = await bob.call(api.ephemeral.updateEphemeralPhoto, { ...ids(sent), viewTime } as never);
      expect(res.status).toBe(400);
      expect(res.body.ApiValidationException).toMatchObject({ field: 'viewTime' });
    }
    bob.cookies.set('locale', 'en');
    const wrongKind = await bob.call(api.ephemeral.updateEphemeralVideo, { ...ids(sent), viewTime: 1 });
    expect(wrongKind.status).toBe(404);
    expect(wrongKind.body.message).toBe('We could not find that view-once photo or video; it may be gone.');
    expect((await get(bob, sent)).remaining).toBe(10);
  });

  it('expires for everyone after the retention limit and its files are removed', async () => {
    const { ana, bob, group } = await scene();
    const sent = itemOf((await sendPhoto(ana, { conversationId: group.conversationId })).body);
    const store = ephemeralStore(app.t.deps.db);
    const row = (await store.findAny(sent.postId))!;
    const media = diskStoreFor(app.t.deps.config);
    const files = [row.media_name!, `orig/${row.thumb_key!.slice(0, 2)}/${row.thumb_key}`].map((n) =>
      media.pathOf(n),
    );
    expect(files.every((f) => fs.existsSync(f))).toBe(true);
    const later = Date.now() + EphemeralLimits.RETENTION_MS + 1000;
    expect(await sweepExpiredEphemeral(store, media, later)).toBeGreaterThanOrEqual(1);
    expect(files.some((f) => fs.existsSync(f))).toBe(false);
    expect((await bob.call(api.ephemeral.getEphemeral, ids(sent))).status).toBe(404);
    expect((await ana.call(api.ephemeral.getEphemeral, ids(sent))).status).toBe(404);
    expect((await fetchUrl(bob, sent.image1!)).statusCode).toBe(404);
  });
});
