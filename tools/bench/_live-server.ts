/**
 * tools/bench/live.ts's server, in a process of its own so its CPU time is its own: our app as
 * deployed on one machine (SQLite, the disk media store), a streamer and `viewers` members with
 * sessions. Messages: `{type: 'start'}` puts the streamer on air and answers the broadcast id and
 * the disk folder of its files; `{type: 'end'}` ends it.
 */

import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { api } from '@tertulia/contract';
import { folderOf, PLAYLIST } from '../../packages/server/src/features/live/stream/names';
import { diskStoreFor } from '../../packages/server/src/media/storage';
import { benchMembers, ourApp, registerBenchMember } from './_shared';

export type ServerAnswer =
  | { type: 'ready'; port: number; streamer: string; viewers: string[] }
  | { type: 'started'; broadcastId: string; folder: string }
  | { type: 'ended' };

const { viewers: count } = await new Promise<{ viewers: number }>((resolve) =>
  process.once('message', (m) => resolve(m as { viewers: number })),
);
const ours = await ourApp({ storySweepMs: 0 });
const { app, deps } = ours;
await app.listen({ port: 0, host: '127.0.0.1' });
const port = (app.server.address() as AddressInfo).port;
const streamer = await registerBenchMember(app, 'bench_streamer');
const { cookies } = await benchMembers(deps.db, count, 'bench_viewer');
const disk = diskStoreFor(deps.config);

const tell = (answer: ServerAnswer) => process.send?.(answer);
const post = (url: string) =>
  app.inject({ method: 'POST', url, headers: { cookie: streamer.cookie }, payload: {} });

process.on('message', async (message: { type: string }) => {
  if (message.type === 'start') {
    const res = await post(api.live.startBroadcast.path);
    const broadcastId = res.json().LiveStreamer[0].broadcast_id as string;
    const folder = path.dirname(disk.pathOf(folderOf(broadcastId) + PLAYLIST));
    tell({ type: 'started', broadcastId, folder });
  } else if (message.type === 'end') {
    await post(api.live.endBroadcast.path);
    tell({ type: 'ended' });
  } else if (message.type === 'close') {
    await ours.close();
    process.exit(0);
  }
});
tell({ type: 'ready', port, streamer: streamer.cookie, viewers: cookies });
