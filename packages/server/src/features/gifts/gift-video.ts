import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { giftVideoPath } from '@tertulia/contract';
import type { FastifyInstance } from 'fastify';
import { run, videoTools } from '../../media/video/tools';
import { giftPng, registerGiftArtRoute } from './art';

/**
 * A gift's video (Gift.video for gifts with an entrance, docs/gifts.md "Video"): made by ffmpeg
 * from the gift's artwork, the gift growing in over a soft background, then swaying; 2.4 s of
 * WebM (VP8), about 100 KB. Made once per artwork and process, on first request; without ffmpeg
 * the route answers 404 and the gift video dialog plays the artwork's own animation instead.
 */
const SECONDS = 2.4;
const SIZE = 320;
const made = new Map<string, Promise<Buffer | undefined>>();

async function makeVideo(ffmpeg: string, recipe: string): Promise<Buffer | undefined> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'tertulia-gift-video-'));
  try {
    const png = path.join(dir, 'gift.png');
    const webm = path.join(dir, 'gift.webm');
    await fs.writeFile(png, await giftPng(recipe, 2));
    // The gift grows from 40 px to 192 px in 0.8 s, then sways a little, centred.
    const grow = `trunc(40+152*min(t/0.8\\,1)+16*sin(t*6)*gte(t\\,0.8))`;
    const result = await run(
      ffmpeg,
      [
        ...['-hide_banner', '-loglevel', 'error', '-nostdin', '-y'],
        ...['-f', 'lavfi', '-i', `color=c=0xfff1f5:s=${SIZE}x${SIZE}:d=${SECONDS}:r=25`],
        ...['-loop', '1', '-t', String(SECONDS), '-i', png],
        '-filter_complex',
        `[1:v]format=rgba,scale=w='${grow}':h=-1:eval=frame[g];[0:v][g]overlay=x='(W-w)/2':y='(H-h)/2'`,
        ...['-c:v', 'libvpx', '-deadline', 'realtime', '-b:v', '400k', '-pix_fmt', 'yuv420p', '-an'],
        ...['-threads', '1', webm],
      ],
      { timeoutMs: 30_000 },
    );
    return result.code === 0 ? await fs.readFile(webm) : undefined;
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/** GET /gifts/video/<id>.webm: the gift's generated video, cached for a day. */
export function registerGiftVideoRoute(
  app: FastifyInstance,
  recipeOf: (giftId: number) => Promise<string | undefined>,
  ffmpegPath?: string,
) {
  const prefix = giftVideoPath(0).replace(/0\.webm$/, '');
  app.get<{ Params: { file: string } }>(`${prefix}:file`, async (request, reply) => {
    const match = /^(\d{1,9})\.webm$/.exec(request.params.file);
    const recipe = match ? await recipeOf(Number(match[1])) : undefined;
    const tools = videoTools(ffmpegPath);
    if (!recipe || !tools.available) return reply.callNotFound();
    if (!made.has(recipe))
      made.set(
        recipe,
        makeVideo(tools.ffmpeg, recipe).catch(() => undefined),
      );
    const video = await made.get(recipe);
    if (!video) {
      made.delete(recipe);
      return reply.callNotFound();
    }
    return reply.type('video/webm').header('cache-control', 'public, max-age=86400').send(video);
  });
}

/** The gift artwork's routes (art.ts) and its video's, as the app registers them. */
export function registerGiftMediaRoutes(
  app: FastifyInstance,
  recipeOf: (giftId: number) => Promise<string | undefined>,
  ffmpegPath?: string,
) {
  registerGiftArtRoute(app, recipeOf);
  registerGiftVideoRoute(app, recipeOf, ffmpegPath);
}
