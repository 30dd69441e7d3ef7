import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { api } from '@tertulia/contract';
import { describe, expect, it } from 'vitest';
import { befriend } from '../../../../tests/_social';
import { Client, dialects, member } from '../../../../tests/_util';
import { twoInstances } from './_live-apps';
import {
  closed,
  eventually,
  generatedWebm,
  goLive,
  openIngest,
  probeCodecs,
  sendRecording,
} from './_live-test';
import { IngestClose } from './ingest';
import { folderOf } from './names';

describe.each(dialects)('live video path on $name', (dialect) => {
  const env = twoInstances(dialect);

  /** A GET on instance B (a viewer served by another machine than the streamer's). */
  const getOnB = (url: string, cookie = '') => env.b.app.inject({ method: 'GET', url, headers: { cookie } });
  const segmentsIn = (playlist: string) => playlist.split('\n').filter((l) => l.endsWith('.m4s'));

  it('repackages a streamer’s WebM into fMP4 HLS that another instance serves', async () => {
    const [star, viewer] = [await member(env.a.app), await member(env.a.app)];
    const id = await goLive(star);
    const ws = await openIngest(env.baseA, star.cookieHeader, id);
    const ready = await sendRecording(ws, generatedWebm()).ready;
    expect(ready).toEqual({ type: 'ready', playlist: `/media/live/${id}/index.m3u8` });

    const playlist = await eventually(
      async () => {
        const res = await getOnB(ready.playlist, viewer.cookieHeader);
        return res.statusCode === 200 && segmentsIn(res.body).length >= 3 && res;
      },
      20_000,
      'three segments in the playlist',
    );
    expect(playlist.headers['content-type']).toBe('application/vnd.apple.mpegurl');
    expect(playlist.headers['cache-control']).toBe('public, max-age=1');
    expect(playlist.body).toMatch(/#EXT-X-TARGETDURATION:1\n/);
    expect(playlist.body).toContain('#EXT-X-INDEPENDENT-SEGMENTS');
    expect(playlist.body).toContain('#EXT-X-PROGRAM-DATE-TIME:');
    expect(playlist.body).not.toContain('#EXT-X-ENDLIST');
    // Every address is relative to the playlist: nothing of a store or a machine shows.
    expect(playlist.body).not.toMatch(/\/|tmp|live-|s3/i);

    const map = /#EXT-X-MAP:URI="([^"]+)"/.exec(playlist.body)![1];
    const [first] = segmentsIn(playlist.body);
    const init = await getOnB(`/media/live/${id}/${map}`);
    const segment = await getOnB(`/media/live/${id}/${first}`);
    expect(init.headers['content-type']).toBe('video/mp4');
    expect(segment.headers['content-type']).toBe('video/iso.segment');
    expect(segment.headers['cache-control']).toBe('public, max-age=3600, immutable');
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'tertulia-live-probe-')), 'one.mp4');
    fs.writeFileSync(file, Buffer.concat([init.rawPayload, segment.rawPayload]));
    expect(probeCodecs(file)).toEqual(['aac', 'h264']);

    // Only the playlist and segments are served: not the ingest's bookkeeping, nor other names.
    for (const other of ['state.json', 'ffmpeg.m3u8', '..%2Fstate.json', 'INDEX.M3U8']) {
      expect((await getOnB(`/media/live/${id}/${other}`)).statusCode).toBe(404);
    }
    expect((await getOnB('/media/live/not-a-broadcast/index.m3u8')).statusCode).toBe(404);
    ws.close();
    await star.ok(api.live.endBroadcast);
  }, 60_000);

  it('holds the watch rule: private profiles for friends, blocks both ways, not after the end', async () => {
    const [star, friend, stranger, blocker] = await Promise.all(
      Array.from({ length: 4 }, () => member(env.a.app)),
    );
    await befriend(star, friend);
    await blocker.ok(api.people.blockUser, { userId: star.user.uid });
    const id = await goLive(star);
    const ws = await openIngest(env.baseA, star.cookieHeader, id);
    const ready = await sendRecording(ws, generatedWebm()).ready;
    await eventually(async () => (await getOnB(ready.playlist)).statusCode === 200, 20_000, 'the playlist');

    const refused = await getOnB(ready.playlist, blocker.cookieHeader);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe('Esta transmisión ya no está en directo.');

    await env.a.deps.db
      .updateTable('users')
      .set({ buddies_private: 1 })
      .where('id', '=', star.user.uid)
      .execute();
    expect((await getOnB(ready.playlist, stranger.cookieHeader)).statusCode).toBe(404);
    const byFriend = await getOnB(ready.playlist, friend.cookieHeader);
    expect(byFriend.statusCode).toBe(200);
    expect(byFriend.headers['cache-control']).toBe('private, max-age=1');
    expect((await getOnB(ready.playlist, star.cookieHeader)).statusCode).toBe(200);

    await star.ok(api.live.endBroadcast);
    // Answers are reused for two seconds (stream/watch.ts); then the ended broadcast is gone.
    await eventually(
      async () => (await getOnB(ready.playlist, friend.cookieHeader)).statusCode === 404,
      5_000,
      'the ended broadcast to be refused',
    );
    expect(await closed(ws)).toBe(IngestClose.ENDED);
  }, 60_000);

  it('refuses the ingest to anyone but the streamer of a broadcast on air', async () => {
    const [star, other] = [await member(env.a.app), await member(env.a.app)];
    const id = await goLive(star);
    const refusal = (cookie: string, broadcastId = id, base = env.baseA) =>
      openIngest(base, cookie, broadcastId).then(
        (ws) => {
          ws.close();
          return 101;
        },
        (error: { status?: number }) => error.status,
      );
    expect(await refusal('')).toBe(401);
    expect(await refusal(other.cookieHeader)).toBe(403);
    expect(await refusal(other.cookieHeader, await goLive(other).then(() => id))).toBe(403);
    expect(await refusal(star.cookieHeader, 'AAAAAAAAAAAAAAAAAAAAAA')).toBe(403);
    expect(await refusal(star.cookieHeader, 'x')).toBe(403);

    // A first message that is not the start header closes the socket; nothing is written.
    const ws = await openIngest(env.baseA, star.cookieHeader, id);
    ws.send(JSON.stringify({ type: 'start', mimeType: 'application/x-sh' }));
    expect(await closed(ws)).toBe(IngestClose.BAD_STREAM);
    expect(await env.media().list(folderOf(id))).toEqual([]);

    await star.ok(api.live.endBroadcast);
    expect(await refusal(star.cookieHeader)).toBe(403);
    expect(await refusal(star.cookieHeader, id, env.baseB)).toBe(403);
    const anonymous = new Client(env.b.app);
    expect((await anonymous.call(api.live.saveBroadcastAsStory)).status).toBe(401);
  }, 30_000);
});
