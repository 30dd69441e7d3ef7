import { api, type Story } from '@tertulia/contract';
import { describe, expect, it } from 'vitest';
import { dialects, member } from '../../../../tests/_util';
import { DROP_MS, KEEP_MS, twoInstances } from './_live-apps';
import { closed, eventually, generatedWebm, goLive, openIngest, sendRecording } from './_live-test';
import { IngestClose } from './ingest';
import { folderOf } from './names';

type Member = Awaited<ReturnType<typeof member>>;

// Drops with real sockets, LIVE_DROP_MS and LIVE_KEEP_MS shortened to 3 s (_live-apps.ts).
describe.each(dialects)('live drops and the recording on $name', (dialect) => {
  const env = twoInstances(dialect);
  const onAir = async (star: Member) =>
    ((await star.ok(api.live.getBroadcastId, { userId: star.user.uid })) as string[])[0];
  const playlistOnB = async (id: string) => {
    const res = await env.b.app.inject({ url: `/media/live/${id}/index.m3u8` });
    return res.statusCode === 200 ? res.body : '';
  };
  const segments = async (id: string, n: number) =>
    eventually(
      async () => {
        const text = await playlistOnB(id);
        return (text.match(/\.m4s$/gm) ?? []).length >= n && text;
      },
      30_000,
      `${n} segments`,
    );
  const filesGone = (id: string) =>
    eventually(
      async () => (await env.media().list(folderOf(id))).length === 0,
      KEEP_MS + 10_000,
      'files gone',
    );

  it('ends the broadcast for everyone when the streamer’s socket is gone for LIVE_DROP_MS', async () => {
    const star = await member(env.a.app);
    const id = await goLive(star);
    const ws = await openIngest(env.baseA, star.cookieHeader, id);
    sendRecording(ws, generatedWebm());
    await segments(id, 2);
    const lost = Date.now();
    ws.terminate();
    await eventually(async () => (await onAir(star)) === '', DROP_MS + 10_000, 'the drop to end it');
    expect(Date.now() - lost).toBeGreaterThanOrEqual(DROP_MS - 100);
    expect((await env.b.app.inject({ url: `/media/live/${id}/index.m3u8` })).statusCode).toBe(404);
    // The recording is not kept: gone once LIVE_KEEP_MS has passed without a save.
    await filesGone(id);
  }, 90_000);

  it('ends it too when the socket stays open but nothing comes for LIVE_DROP_MS', async () => {
    const star = await member(env.a.app);
    const id = await goLive(star);
    const ws = await openIngest(env.baseA, star.cookieHeader, id);
    ws.send(JSON.stringify({ type: 'start', mimeType: 'video/webm;codecs=vp8,opus' }));
    ws.send(generatedWebm().subarray(0, 20_000));
    expect(await closed(ws)).toBe(IngestClose.ENDED);
    expect(await onAir(star)).toBe('');
  }, 60_000);

  it('continues the same broadcast when the streamer comes back within LIVE_DROP_MS, on another instance', async () => {
    const star = await member(env.a.app);
    const id = await goLive(star);
    const first = await openIngest(env.baseA, star.cookieHeader, id);
    sendRecording(first, generatedWebm());
    const before = await segments(id, 2);
    const lost = Date.now();
    first.terminate();
    await new Promise((r) => setTimeout(r, DROP_MS / 3));
    const second = await openIngest(env.baseB, star.cookieHeader, id);
    const { ready } = sendRecording(second, generatedWebm());
    expect((await ready).playlist).toBe(`/media/live/${id}/index.m3u8`);

    // The new run follows the old one in the same playlist, after a discontinuity.
    const after = await eventually(
      async () => {
        const text = await playlistOnB(id);
        return text.includes('#EXT-X-DISCONTINUITY\n') && text;
      },
      30_000,
      'the second run in the playlist',
    );
    const maps = new Set([...after.matchAll(/#EXT-X-MAP:URI="([^"]+)"/g)].map((m) => m[1]));
    expect(maps.size).toBe(2);
    expect(after).toContain(/#EXT-X-MAP:URI="([^"]+)"/.exec(before)![1]);
    await new Promise((r) => setTimeout(r, Math.max(0, lost + DROP_MS + 1000 - Date.now())));
    expect(await onAir(star)).toBe(id);

    // The streamer ends it: the ingest hears of it on its next segment and stops.
    await star.ok(api.live.endBroadcast);
    expect(await closed(second)).toBe(IngestClose.ENDED);
    await filesGone(id);
  }, 120_000);

  it('saves the last broadcast as a story while its recording is kept, then keeps nothing', async () => {
    const [star, never] = [await member(env.a.app), await member(env.a.app)];
    const id = await goLive(star);
    const ws = await openIngest(env.baseA, star.cookieHeader, id);
    sendRecording(ws, generatedWebm());
    await segments(id, 3);
    await star.ok(api.live.endBroadcast);
    await closed(ws);

    const [story] = (await star.ok(api.live.saveBroadcastAsStory)) as Story[];
    expect(story).toMatchObject({ state: 'processing' });
    expect(story.uid).toBeGreaterThan(0);
    expect(await env.media().list(folderOf(id))).toEqual([]);

    const again = await star.call(api.live.saveBroadcastAsStory);
    expect(again.status).toBe(404);
    expect(again.body.message).toBe(
      'La grabación de tu última transmisión ya no está disponible: no se guarda después de terminar.',
    );
    expect((await never.call(api.live.saveBroadcastAsStory)).status).toBe(404);
  }, 90_000);
});
