import fs from 'node:fs';
import { api, type FeedEvent, FeedEventType, FeedFilter, type User } from '@tertulia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { befriend, feed, type Member, postMultipart } from '../../../tests/_social';
import { Client, dialects, member, testApp } from '../../../tests/_util';
import { testSongs, testVideos, textAsMp4 } from '../../media/video/test-videos';
import { profileMediaStore } from './profile-media-store';

/** The profile song and video (feed events 12 and 13; docs/profile-media.md). */
describe.each(dialects)('profile song and video on $name', (dialect) => {
  let t: Awaited<ReturnType<typeof testApp>>;
  const idle = () => t.deps.video.queue.idle();

  beforeAll(async () => {
    t = await testApp(dialect, { videoConcurrency: 1 });
  });
  afterAll(() => t.close());

  const song = (m: Member, file = testSongs.mp3(), fields: Record<string, string> = {}) =>
    postMultipart(m, api.people.setProfileSong, fields, {
      field: 'song',
      data: fs.readFileSync(file),
      type: 'audio/mpeg',
      name: 'cancion.mp3',
    });
  const video = (m: Member, data = fs.readFileSync(testVideos.mov())) =>
    postMultipart(
      m,
      api.people.setProfileVideo,
      {},
      { field: 'video', data, type: 'video/mp4', name: 'clip.mov' },
    );
  const profile = async (viewer: Member, of: Member) =>
    ((await viewer.ok(api.people.getUserById, { userId: of.user.uid })) as User[])[0];
  const mediaEvents = async (viewer: Member, of: Member) =>
    (await feed(viewer, { filter: FeedFilter.FRIENDS })).filter(
      (e: FeedEvent) =>
        e.userId === of.user.uid && (e.type === FeedEventType.SONG || e.type === FeedEventType.VIDEO),
    );
  const fetch = (url: string, viewer?: Member) =>
    t.app.inject({ method: 'GET', url, headers: viewer ? { cookie: viewer.cookieHeader } : {} });

  it('a song plays on the profile once processed and tells friends (event 12); removing clears it all', async () => {
    const [ana, bea] = [await member(t.app), await member(t.app)];
    await befriend(ana, bea);
    const res = await song(ana, testSongs.mp3(), { title: 'Bésame mucho' });
    expect(res.status).toBe(200);
    const [pending] = res.body.User as User[];
    // The title waits for the file: a transcode that fails must leave the profile as it was.
    expect(pending).toMatchObject({ songProcessing: true });
    expect(pending.song).toBeUndefined();
    expect(pending.songUrl).toBeUndefined();
    await idle();

    const own = await profile(ana, ana);
    expect(own).toMatchObject({ song: 'Bésame mucho', songProcessing: false });
    expect(own.songUrl).toMatch(new RegExp(`^/media/video/\\d+/song_${ana.user.uid}_[0-9a-f]{16}\\.mp4$`));
    const played = await fetch(own.songUrl!, bea);
    expect(played.statusCode).toBe(200);
    expect(played.headers['content-type']).toBe('audio/mp4');
    expect(played.rawPayload.subarray(4, 8).toString()).toBe('ftyp');
    // The video status code keeps its own field (spec: User.video is 0-5).
    expect(typeof own.video).toBe('number');
    expect((await profile(bea, ana)).songUrl).toBe(own.songUrl);

    const [event] = await mediaEvents(bea, ana);
    expect(event).toMatchObject({
      type: FeedEventType.SONG,
      privacy: 1,
      properties: { media: { url: own.songUrl, title: 'Bésame mucho' } },
    });

    // An upload whose job gives up (its pending mark dropped, as the queue's failed() does)
    // leaves the song and its title as they were.
    const store = profileMediaStore(t.deps.db);
    await store.setPending(ana.user.uid, 'song', 987_654, 'Nunca llegó');
    await store.dropPending(ana.user.uid, 'song', 987_654);
    expect(await profile(ana, ana)).toMatchObject({ song: 'Bésame mucho', songUrl: own.songUrl });

    // A new song replaces the old: its file and its event go.
    expect((await song(ana, testSongs.ogg())).status).toBe(200);
    await idle();
    const replaced = await profile(ana, ana);
    expect(replaced.songUrl).not.toBe(own.songUrl);
    expect((await fetch(own.songUrl!, bea)).statusCode).toBe(404);
    const events = await mediaEvents(bea, ana);
    expect(events.map((e) => e.properties?.media?.url)).toEqual([replaced.songUrl]);

    const [removed] = (await ana.ok(api.people.removeProfileSong, {})) as User[];
    expect(removed.songUrl).toBeUndefined();
    expect(removed.song).toBeUndefined();
    expect((await fetch(replaced.songUrl!, bea)).statusCode).toBe(404);
    expect(await mediaEvents(bea, ana)).toEqual([]);
  });

  it('a video shows with its poster (event 13); a private profile keeps both to friends', async () => {
    const [ana, bea, cris] = [await member(t.app), await member(t.app), await member(t.app)];
    await befriend(ana, bea);
    await ana.ok(api.buddy.setPrivate, { isPrivate: true });
    const res = await video(ana);
    expect(res.status).toBe(200);
    expect((res.body.User as User[])[0].profileVideoProcessing).toBe(true);
    await idle();

    const seen = await profile(bea, ana);
    expect(seen.profileVideo?.url).toMatch(/^\/media\/video\/\d+\/profilevideo_\d+_[0-9a-f]{16}\.mp4$/);
    expect(seen.profileVideo?.poster).toMatch(/^\/media\/img\//);
    const played = await fetch(seen.profileVideo!.url, bea);
    expect(played.headers['content-type']).toBe('video/mp4');
    expect((await fetch(seen.profileVideo!.poster!, bea)).statusCode).toBe(200);
    // Not a friend of a private profile: neither the video nor the song.
    const stranger = await profile(cris, ana);
    expect(stranger.profileVideo).toBeUndefined();
    expect(stranger.songUrl).toBeUndefined();
    expect(stranger.profileVideoProcessing).toBeUndefined();

    const [event] = await mediaEvents(bea, ana);
    expect(event).toMatchObject({
      type: FeedEventType.VIDEO,
      privacy: 2,
      properties: { media: { url: seen.profileVideo!.url, poster: seen.profileVideo!.poster } },
    });
    expect(await mediaEvents(cris, ana)).toEqual([]);

    // Open again: everyone who may see the profile sees it.
    await ana.ok(api.buddy.setPrivate, { isPrivate: false });
    expect((await profile(cris, ana)).profileVideo?.url).toBe(seen.profileVideo!.url);
    await ana.ok(api.people.removeProfileVideo, {});
    expect((await profile(bea, ana)).profileVideo).toBeUndefined();
    expect(await mediaEvents(bea, ana)).toEqual([]);
  });

  it('refuses what is not a sane song or video (400, nothing kept) and visitors (401)', async () => {
    const ana = await member(t.app);
    const text = await postMultipart(
      ana,
      api.people.setProfileSong,
      {},
      {
        field: 'song',
        data: textAsMp4(),
        type: 'audio/mpeg',
        name: 'x.mp3',
      },
    );
    expect(text.status).toBe(400);
    expect(text.body).toHaveProperty('ApiValidationException');
    const long = await song(ana, testSongs.tooLong());
    expect(long.status).toBe(400);
    expect(long.body.message).toMatch(/10 minutos/);
    expect((await video(ana, textAsMp4())).status).toBe(400);
    // A song is no video, and a video's sound is no song by this call.
    expect((await video(ana, fs.readFileSync(testSongs.mp3()))).status).toBe(400);
    const own = await profile(ana, ana);
    expect(own).toMatchObject({ songProcessing: false, profileVideoProcessing: false });
    const jobs = await t.deps.db
      .selectFrom('video_jobs')
      .select('id')
      .where('owner_id', '=', ana.user.uid)
      .execute();
    expect(jobs).toEqual([]);
    const visitor = new Client(t.app);
    expect((await visitor.call(api.people.removeProfileSong, {})).status).toBe(401);
  });
});
