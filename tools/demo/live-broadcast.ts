import { type ChildProcess, spawn } from 'node:child_process';
import { api, LIVE_INGEST_PATH, type LiveStreamer } from '@tertulia/contract';
import WebSocket from 'ws';
import type { buildApp } from '../../packages/server/src/app';
import { demoApi } from './_api';

type App = Awaited<ReturnType<typeof buildApp>>['app'];

/**
 * The demo broadcast (docs/live.md, "Video path"): a demo member goes live and a generated video
 * (ffmpeg's testsrc2 and a tone, the time of day drawn in) goes through the same ingest socket a
 * browser uses, so the live strip is never empty. H.264 in Matroska, as a browser recording H.264
 * would send, so the server copies it (no second encode on a demo machine). Needs ffmpeg; the
 * demo runs without it and says so.
 */
export function startDemoBroadcast(o: {
  app: App;
  baseUrl: string;
  member: string;
  log: (line: string) => void;
}) {
  const demo = demoApi(o.app);
  let stopped = false;
  let ffmpeg: ChildProcess | undefined;
  let socket: WebSocket | undefined;

  // biome-ignore format: option and value pairs read best side by side
  const args = [
    '-hide_banner', '-loglevel', 'error', '-nostdin', '-re',
    '-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=25', '-f', 'lavfi', '-i', 'sine=frequency=330:sample_rate=48000',
    '-vf', "drawtext=text='Tertulia en directo %{localtime\\:%H\\\\\\:%M\\\\\\:%S}':fontcolor=white:fontsize=28:box=1:boxcolor=black@0.6:x=16:y=16",
    '-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-g', '25', '-pix_fmt', 'yuv420p', '-b:v', '800k',
    '-c:a', 'libopus', '-b:a', '64k', '-f', 'matroska', '-live', '1', 'pipe:1',
  ];

  async function broadcast() {
    const { cookie } = await demo.logIn(o.member);
    const answer = await demo.call(o.member, api.live.startBroadcast, { title: 'Directo de demostración' });
    const id = (answer.LiveStreamer as LiveStreamer[])[0].broadcast_id;
    const ws = new WebSocket(`${o.baseUrl.replace(/^http/, 'ws')}${LIVE_INGEST_PATH}?broadcastId=${id}`, {
      headers: { cookie },
    });
    socket = ws;
    ws.on('open', () => {
      ws.send(JSON.stringify({ type: 'start', mimeType: 'video/x-matroska;codecs=avc1,opus' }));
      const child = spawn('ffmpeg', args, { stdio: ['ignore', 'pipe', 'ignore'] });
      ffmpeg = child;
      child.on('error', () => o.log('demo broadcast: ffmpeg not found, no demo broadcast'));
      child.stdout?.on('data', (chunk: Buffer) => {
        for (let at = 0; at < chunk.length; at += 65_536) ws.send(chunk.subarray(at, at + 65_536));
      });
    });
    ws.on('close', () => {
      ffmpeg?.kill('SIGKILL');
      // Ended by someone (an admin trying the demo) or dropped: on air again a little later.
      if (!stopped) setTimeout(() => void broadcast().catch((e) => o.log(`demo broadcast: ${e}`)), 15_000);
    });
    ws.on('error', (error) => o.log(`demo broadcast: ${error.message}`));
    o.log(`demo broadcast on air: ${o.member}, /live?u=${(await demo.logIn(o.member)).uid}`);
  }

  void broadcast().catch((error) => o.log(`demo broadcast: ${error}`));
  return {
    async stop() {
      stopped = true;
      ffmpeg?.kill('SIGKILL');
      socket?.close();
      await demo.call(o.member, api.live.endBroadcast, {}, [400, 403, 404]).catch(() => {});
    },
  };
}
