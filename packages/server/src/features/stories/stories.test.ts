import fs from 'node:fs';
import path from 'node:path';
import { api, type Story, StoryLimits, type User } from '@tertulia/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { befriend, type Member } from '../../../tests/_social';
import { Client, dialects, member, testApp } from '../../../tests/_util';
import { listen, openPush } from '../../../tests/flows/_push';
import { diskStoreFor } from '../../media/storage';
import { textAsMp4 } from '../../media/video/test-videos';
import { postStory, upload } from './_stories-test';
import { sweepExpiredStories } from './sweeper';

describe.each(dialects)('stories on $name', (dialect) => {
  let t: Awaited<ReturnType<typeof testApp>>;
  let baseUrl: string;
  const idle = () => t.deps.video.queue.idle();
  const stories = async (m: Member, params: Record<string, unknown> = {}) =>
    (await m.ok(api.story.getAllStories, params)) as Story[];
  const filesUnder = (dir: string) =>
    fs.existsSync(dir)
      ? fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile())
      : [];

  beforeAll(async () => {
    t = await testApp(dialect, { storySweepMs: 0, videoConcurrency: 1 });
    baseUrl = await listen(t.app);
  });
  afterAll(() => t.close());
  afterEach(() => vi.useRealTimers());

  it('uploads a story, reports progress by push, and plays it with range requests', async () => {
    const ana = await member(t.app);
    const socket = await openPush(baseUrl, { cookie: ana.cookieHeader });
    const res = await upload(ana);
    expect(res.status).toBe(200);
    const [pending] = res.body.Story as Story[];
    expect(pending).toMatchObject({ state: 'processing', viewCount: 0, likeCount: 0 });
    expect(pending.video).toBeUndefined();
    expect(pending.expiration! - pending.creationTime!).toBe(StoryLimits.LIFETIME_MS);
    // Nobody else sees it while it processes; its author does.
    const [own] = await stories(ana);
    expect(own).toMatchObject({ uid: pending.uid, state: 'processing' });

    const frames: Record<string, unknown>[] = [];
    for (;;) {
      const frame = await socket.next(20_000);
      if (frame.type !== 'storyProgress') continue;
      frames.push(frame);
      if (frame.state !== 'processing') break;
    }
    await socket.close();
    expect(frames.at(-1)).toMatchObject({ storyId: pending.uid, state: 'ready', percent: 100 });
    expect(frames.slice(0, -1).every((f) => f.state === 'processing')).toBe(true);

    const [ready] = (await ana.ok(api.story.getStory, {
      storyId: pending.uid,
      authorUserId: ana.user.uid,
    })) as Story[];
    expect(ready.state).toBe('ready');
    expect(ready.video).toMatch(new RegExp(`^/media/video/1/story_${pending.uid}_[0-9a-f]{16}\\.mp4$`));
    expect(ready.thumbnail).toContain('blur=50');
    const whole = await t.app.inject({ method: 'GET', url: ready.video! });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('video/mp4');
    expect(whole.headers['accept-ranges']).toBe('bytes');
    const size = whole.rawPayload.length;
    const part = await t.app.inject({ method: 'GET', url: ready.video!, headers: { range: 'bytes=4-11' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 4-11/${size}`);
    expect(part.rawPayload.toString('latin1')).toBe('ftypisom');
    const beyond = await t.app.inject({
      method: 'GET',
      url: ready.video!,
      headers: { range: `bytes=${size}-` },
    });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${size}`);
    const wrongBucket = ready.video!.replace('/video/1/', '/video/2/');
    expect((await t.app.inject({ method: 'GET', url: wrongBucket })).statusCode).toBe(404);
    const poster = await t.app.inject({ method: 'GET', url: ready.poster! });
    expect(poster.headers['content-type']).toBe('image/jpeg');
  });

  it('needs login for every call', async () => {
    const anonymous = new Client(t.app);
    for (const endpoint of Object.values(api.story)) {
      const res = await anonymous.call(endpoint, { storyId: 1, authorUserId: 1, reason: 'x' });
      expect(res.status, endpoint.path).toBe(401);
      expect(res.body.message).toBe('Inicia sesión para continuar');
    }
  });

  it('refuses bad input with a clear message and keeps no file', async () => {
    const ana = await member(t.app);
    const text = await upload(ana, textAsMp4(), 'video.mp4');
    expect(text.status).toBe(400);
    expect(text.body.message).toBe('El vídeo debe ser un archivo MP4, WebM o MOV.');
    const none = await ana.call(api.story.uploadStory, {});
    expect(none.status).toBe(400);
    expect((await ana.call(api.story.getStory, { storyId: 'abc', authorUserId: 1 })).status).toBe(400);
    expect((await ana.call(api.story.getViewers, { storyId: 1 })).status).toBe(400);
    expect((await ana.call(api.story.registerView, { storyId: -1, authorUserId: 1 })).status).toBe(400);
    expect((await ana.call(api.story.reportStory, { storyId: 1, authorUserId: 1, reason: '' })).status).toBe(
      400,
    );
    expect((await ana.call(api.story.getUserStories, {})).status).toBe(400);
    expect(await stories(ana)).toEqual([]);
    const media = diskStoreFor(t.config);
    expect(filesUnder(media.pathOf('video/incoming/'))).toEqual([]);
    expect(filesUnder(path.join(t.config.dataDir, 'tmp', 'uploads'))).toEqual([]);
  });

  it('shows stories to friends and followers, never across a block; viewers for the author only', async () => {
    const [ana, bea, carla, dora] = [
      await member(t.app),
      await member(t.app),
      await member(t.app),
      await member(t.app),
    ];
    await befriend(ana, bea);
    const story = await postStory(ana, idle);
    const one = { storyId: story.uid, authorUserId: ana.user.uid };

    expect((await stories(bea)).map((s) => [s.uid, s.viewed])).toEqual([[story.uid, false]]);
    // Carla follows Ana by visiting her profile.
    expect(await stories(carla)).toEqual([]);
    await carla.ok(api.people.updateProfileVisit, { profileOwnerId: ana.user.uid });
    expect((await stories(carla)).map((s) => s.uid)).toEqual([story.uid]);
    expect((await bea.ok(api.story.getUserStories, { authorUserId: ana.user.uid })).length).toBe(1);

    // Views: once per member, never the author's own.
    expect(await bea.ok(api.story.registerView, one)).toEqual([1]);
    expect(await bea.ok(api.story.registerView, one)).toEqual([1]);
    expect(await ana.ok(api.story.registerView, one)).toEqual([1]);
    expect(await carla.ok(api.story.registerView, one)).toEqual([2]);
    expect((await stories(bea)).map((s) => [s.uid, s.viewed, s.viewCount])).toEqual([[story.uid, true, 2]]);
    expect(await stories(bea, { filterViewed: true })).toEqual([]);

    const viewers = (await ana.ok(api.story.getViewers, one)) as User[];
    expect(viewers.map((u) => u.uid)).toEqual([carla.user.uid, bea.user.uid]);
    const notAuthor = await bea.call(api.story.getViewers, one);
    expect(notAuthor.status).toBe(403);
    expect(notAuthor.body.message).toBe('Solo quien publicó la historia puede ver quién la vio.');

    // A block, either way, hides everything.
    await dora.ok(api.people.updateProfileVisit, { profileOwnerId: ana.user.uid });
    expect((await stories(dora)).length).toBe(1);
    await ana.ok(api.people.blockUser, { userId: dora.user.uid });
    expect(await stories(dora)).toEqual([]);
    expect((await dora.call(api.story.getStory, one)).status).toBe(404);
    expect((await dora.call(api.story.getUserStories, { authorUserId: ana.user.uid })).status).toBe(404);
    expect((await dora.call(api.story.registerView, one)).status).toBe(404);
    await carla.ok(api.people.blockUser, { userId: ana.user.uid });
    expect(await stories(carla)).toEqual([]);

    // Own stories: filterMine leaves them out.
    expect((await stories(ana)).map((s) => s.uid)).toEqual([story.uid]);
    expect(await stories(ana, { filterMine: true })).toEqual([]);
  });

  it('lists unwatched stories first, newest first, and browses around one', async () => {
    const [ana, bea, eva] = [await member(t.app), await member(t.app), await member(t.app)];
    await befriend(ana, bea);
    await befriend(eva, bea);
    const first = await postStory(ana, idle);
    const second = await postStory(eva, idle);
    const third = await postStory(ana, idle);
    await bea.ok(api.story.registerView, { storyId: third.uid, authorUserId: ana.user.uid });
    expect((await stories(bea)).map((s) => s.uid)).toEqual([second.uid, first.uid, third.uid]);
    const around = (await bea.ok(api.story.getStory, {
      storyId: first.uid,
      authorUserId: ana.user.uid,
      browsable: true,
    })) as Story[];
    expect(around.map((s) => s.uid)).toEqual([second.uid, first.uid, third.uid]);
    const mine = (await bea.ok(api.story.getUserStories, { authorUserId: ana.user.uid })) as Story[];
    expect(mine.map((s) => s.uid)).toEqual([first.uid, third.uid]);
  });

  it('expires stories 24 hours after posting and sweeps their files', async () => {
    const [ana, bea] = [await member(t.app), await member(t.app)];
    await befriend(ana, bea);
    const story = await postStory(ana, idle);
    const one = { storyId: story.uid, authorUserId: ana.user.uid };
    const [ready] = (await ana.ok(api.story.getStory, one)) as Story[];
    const file = diskStoreFor(t.config).pathOf(`video/${ready.video!.split('/media/video/')[1]}`);
    expect(fs.existsSync(file)).toBe(true);

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(story.creationTime! + StoryLimits.LIFETIME_MS - 1000);
    expect((await stories(bea)).map((s) => s.uid)).toEqual([story.uid]);
    vi.setSystemTime(story.creationTime! + StoryLimits.LIFETIME_MS);
    expect(await stories(bea)).toEqual([]);
    expect((await bea.call(api.story.getStory, one)).status).toBe(404);
    expect(await bea.ok(api.story.getUserStories, { authorUserId: ana.user.uid })).toEqual([]);
    expect(fs.existsSync(file)).toBe(true);
    expect(await sweepExpiredStories(t.deps, Date.now())).toBeGreaterThanOrEqual(1);
    expect(fs.existsSync(file)).toBe(false);
  });

  it('deletes: the author, or an admin for a reported story; reports go to the moderation queue', async () => {
    const [ana, bea, admin] = [await member(t.app), await member(t.app), await member(t.app)];
    await befriend(ana, bea);
    await befriend(ana, admin);
    const story = await postStory(ana, idle);
    const one = { storyId: story.uid, authorUserId: ana.user.uid };
    const refused = await bea.call(api.story.deleteStory, one);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Solo quien publicó la historia puede borrarla.');
    expect(await bea.ok(api.story.reportStory, { ...one, reason: 'contenido ofensivo' })).toEqual([true]);
    expect(await bea.ok(api.story.reportStory, { ...one, reason: 'otra vez' })).toEqual([true]);
    expect((await ana.call(api.story.reportStory, { ...one, reason: 'yo' })).status).toBe(403);
    const reports = await t.deps.db
      .selectFrom('reports')
      .select(['reporter_id', 'reported_id', 'kind', 'item_id', 'comment'])
      .where('item_id', '=', story.uid)
      .where('kind', '=', 'story')
      .execute();
    expect(reports).toEqual([
      {
        reporter_id: bea.user.uid,
        reported_id: ana.user.uid,
        kind: 'story',
        item_id: story.uid,
        comment: 'contenido ofensivo',
      },
    ]);
    await t.deps.db.updateTable('users').set({ is_admin: 1 }).where('id', '=', admin.user.uid).execute();
    expect(await admin.ok(api.story.deleteStory, one)).toEqual([true]);
    expect(await stories(bea)).toEqual([]);
    expect((await ana.call(api.story.deleteStory, one)).status).toBe(404);

    const own = await postStory(ana, idle);
    expect(await ana.ok(api.story.deleteStory, { storyId: own.uid, authorUserId: ana.user.uid })).toEqual([
      true,
    ]);
    expect(await stories(ana)).toEqual([]);
  });

  it('keeps the tutorial, adult content and posting limit per member', async () => {
    const [ana, bea] = [await member(t.app), await member(t.app)];
    await befriend(ana, bea);
    expect(await ana.ok(api.story.getStorySettings)).toEqual([
      { tutorialCompleted: false, allowNSFW: false, waitTime: 0, maxSeconds: 30, videoAvailable: true },
    ]);
    expect(await ana.ok(api.story.completedTutorial)).toEqual([true]);
    expect(await ana.ok(api.story.completedTutorial)).toEqual([true]);
    expect(
      ((await ana.ok(api.story.getStorySettings)) as { tutorialCompleted: boolean }[])[0].tutorialCompleted,
    ).toBe(true);
    expect(
      ((await bea.ok(api.story.getStorySettings)) as { tutorialCompleted: boolean }[])[0].tutorialCompleted,
    ).toBe(false);

    const story = await postStory(ana, idle);
    await t.deps.db.updateTable('stories').set({ nsfw: 1 }).where('id', '=', story.uid).execute();
    expect(await stories(bea)).toEqual([]);
    expect(
      (await bea.call(api.story.getStory, { storyId: story.uid, authorUserId: ana.user.uid })).status,
    ).toBe(404);
    expect(await bea.ok(api.story.allowNSFW, {})).toEqual([true]);
    expect((await stories(bea)).map((s) => [s.uid, s.nsfw])).toEqual([[story.uid, true]]);
    expect(await bea.ok(api.story.allowNSFW, { allow: false })).toEqual([false]);
    expect(await stories(bea)).toEqual([]);

    expect(await ana.ok(api.story.getWaitTime)).toEqual([0]);
    const now = Date.now();
    await t.deps.db
      .insertInto('stories')
      .values(
        Array.from({ length: StoryLimits.DAILY_LIMIT - 1 }, (_, i) => ({
          author_id: ana.user.uid,
          created_at: now - 3600_000 + i,
          expires_at: now - 3600_000 + i + StoryLimits.LIFETIME_MS,
        })),
      )
      .execute();
    const [wait] = (await ana.ok(api.story.getWaitTime)) as number[];
    expect(wait).toBeGreaterThan(StoryLimits.LIFETIME_MS - 3600_000 - 60_000);
    expect(wait).toBeLessThanOrEqual(StoryLimits.LIFETIME_MS - 3600_000);
    const limited = await upload(ana);
    expect(limited.status).toBe(429);
    expect(limited.body.message).toMatch(/^Ya publicaste 10 historias en 24 horas/);
  });
});
